import { apiErrorFromReply, isAbortError, networkError, type Schemas } from '@huddle/api-client';
import type { RequestStatusCode, ServiceType, UserTypeCode } from '@huddle/domain';

/*
 * The console's calls (issue 22, docs/admin-console-contract.md). The admin module's routes were
 * not in the API's OpenAPI document when these screens were built, so this one file holds their
 * shapes exactly as the contract gives them; once `npm run openapi` carries them, each type below
 * becomes its `Schemas['...']` and the calls go through the typed client like admin-money-api.ts.
 */

export type AdminUserTypeCode = UserTypeCode;

/** AdminUserRowDto: one row of the user list. */
export interface AdminUserRow {
  id: string;
  user_type: AdminUserTypeCode;
  /** The route-table code: the user type, plus 10 while the profile is incomplete. */
  role: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  username: string | null;
  profile_photo: string | null;
  blocked: boolean;
  profile_completed: boolean;
  /** Unix seconds or an ISO date, as the API writes it. */
  created_at: number | string;
}

export interface AdminUserPage {
  users: AdminUserRow[];
  total: number;
  page: number;
  page_size: number;
}

/** AdminUserDto: the account with every profile field (AccountDto carries blocked and created_at), plus deleted. */
export type AdminUser = Schemas['AccountDto'] & { deleted?: boolean };


export interface AdminUserUpdate {
  user_id: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  gender?: number | null;
  username?: string | null;
  description?: string | null;
  tiktok_link?: string | null;
  twitter_link?: string | null;
  snapchat_link?: string | null;
  facebook_link?: string | null;
  instagram_link?: string | null;
  athlete_services?: Record<string, boolean | number>;
  school_id?: number | null;
  sports?: number[];
}

export interface AuditEntry {
  id: string;
  admin_id: string;
  admin_name: string;
  action: string;
  subject_type: string;
  subject_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** ISO 8601. */
  created_at: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  page_size: number;
}

export type AdminRequestSummary = Schemas['RequestSummaryDto'] & { payout_status?: 'unpaid' | 'paid' | null };

export interface AdminRequestPage {
  requests: AdminRequestSummary[];
  total: number;
  page: number;
  page_size: number;
}

export type PayoutFilter = 'unpaid' | 'paid';

export interface AdminCounters {
  users_by_type: Record<string, number>;
  uncompleted_profiles_by_type: Record<string, number>;
  requests_by_status: Partial<Record<`${RequestStatusCode}`, number>>;
  requests_total: number;
  paid_pending_total: number;
  paid_pending_by_request_type: Partial<Record<ServiceType, number>>;
  requests_by_type: Partial<Record<ServiceType, number>>;
}

export type PushStatus = 'draft' | 'sending' | 'sent';

export interface CustomPush {
  id: string;
  name: string;
  subject: string;
  message: string;
  destination: { roles: number[]; user_ids: string[]; users: { id: string; name: string; email: string }[] };
  status: PushStatus;
  recipients_total: number;
  recipients_done: number;
  sent_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface CustomPushPage {
  pushes: CustomPush[];
  total: number;
  page: number;
  page_size: number;
}

export type PushDestination = { roles: (1 | 2 | 3)[] } | { user_ids: string[] };

export interface CustomPushInput {
  name: string;
  subject: string;
  message: string;
  destination: PushDestination;
}

export interface UserListQuery {
  page: number;
  request: string;
  userType: AdminUserTypeCode | null;
  completeness: 0 | 1 | 2;
  /** Sent only when the administrator picks a size: the API stores it as their setting. */
  pageSize: number | null;
}

type Query = Record<string, string | number | undefined | null>;

interface CallOptions {
  query?: Query;
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
}

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** One call in the status_response envelope; a failure is the ApiError spec §8 gives every screen. */
async function call<T>(fetchImpl: typeof globalThis.fetch, base: string, method: string, path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetchImpl(`${base}${withQuery(path, options.query)}`, { method, headers, body, credentials: 'include', signal: options.signal });
  } catch (thrown) {
    if (isAbortError(thrown)) throw thrown;
    throw networkError();
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    // Not JSON: apiErrorFromReply reports the body text with the HTTP status.
  }
  if (!response.ok || typeof parsed !== 'object' || parsed === null) throw apiErrorFromReply(response.status, parsed);
  return parsed as T;
}

/** Every call of the administrator's console screens (issue 22). */
export function adminConsoleApi(apiBase: string, fetchImpl: typeof globalThis.fetch = (...args) => globalThis.fetch(...args)) {
  const base = apiBase.replace(/\/+$/, '');
  const run = <T>(method: string, path: string, options?: CallOptions) => call<T>(fetchImpl, base, method, path, options);
  return {
    users: (query: UserListQuery, signal?: AbortSignal) =>
      run<AdminUserPage>('GET', '/admin/user/search', {
        query: {
          page: query.page,
          request: query.request.trim(),
          user_type: query.userType,
          profile_completed: query.completeness,
          page_size: query.pageSize,
        },
        signal,
      }),
    user: async (id: string, signal?: AbortSignal) => (await run<{ user: AdminUser }>('GET', '/admin/user', { query: { user_id: id }, signal })).user,
    addUser: (email: string, userType: 1 | 2 | 3) =>
      run<{ user: AdminUserRow; message?: string }>('POST', '/admin/user/add', { body: { email: email.trim(), user_type: userType } }),
    updateUser: (update: AdminUserUpdate) => run<{ user: AdminUser; message?: string }>('POST', '/admin/user/update', { body: update }),
    uploadPhoto: (athleteId: string, file: Blob) => {
      const form = new FormData();
      form.append('photo', file);
      return run<{ account?: AdminUser }>('POST', '/admin/user/upload-photo', { query: { athlete_id: athleteId }, form });
    },
    uploadIntro: (athleteId: string, file: Blob) => {
      const form = new FormData();
      form.append('video', file);
      return run<{ account?: AdminUser }>('POST', '/admin/user/upload-intro', { query: { athlete_id: athleteId }, form });
    },
    block: (userId: string, blocked: boolean) =>
      run<{ user: AdminUserRow; message?: string }>('POST', '/admin/user/block', { body: { user_id: userId, blocked } }),
    sync: (userId: string) => run<{ user: AdminUserRow; message?: string }>('POST', '/mt/sync_by_id', { body: { user_id: userId } }),
    remove: (userId: string) => run<{ message?: string }>('POST', '/admin/user/delete', { body: { user_id: userId } }),
    userRequests: (userId: string, page: number, requestType: ServiceType | null, payout: PayoutFilter | null, signal?: AbortSignal) =>
      run<AdminRequestPage>('GET', '/admin/requests/filter', {
        query: { user_id: userId, page, page_size: 20, request_type: requestType, payout_status: payout },
        signal,
      }),
    audit: (subjectType: string, subjectId: string, page: number, signal?: AbortSignal) =>
      run<AuditPage>('GET', '/admin/audit', { query: { subject_type: subjectType, subject_id: subjectId, page, page_size: 20 }, signal }),
    counters: (signal?: AbortSignal) => run<AdminCounters>('GET', '/admin/counters', { signal }),
    pushes: (request: string, page: number, signal?: AbortSignal) =>
      run<CustomPushPage>('GET', '/admin/custom-push/search', { query: { request: request.trim(), page }, signal }),
    createPush: async (input: CustomPushInput) => (await run<{ push: CustomPush }>('POST', '/admin/custom-push', { body: input })).push,
    updatePush: async (id: string, input: CustomPushInput) => (await run<{ push: CustomPush }>('PUT', '/admin/custom-push', { query: { id }, body: input })).push,
    deletePush: (id: string) => run<{ message?: string }>('DELETE', '/admin/custom-push', { query: { id } }),
    sendPush: async (id: string) => (await run<{ push: CustomPush }>('POST', '/admin/custom-push/send', { body: { id } })).push,
    /** The push wizard's user picker: at most 20 at a time. */
    pickUsers: async (request: string, signal?: AbortSignal) =>
      (await run<AdminUserPage>('GET', '/admin/user/search', { query: { request: request.trim(), page_size: 20 }, signal })).users,
  };
}

export type AdminConsoleApi = ReturnType<typeof adminConsoleApi>;
