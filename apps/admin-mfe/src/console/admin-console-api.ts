import { createApiClient, unwrap, uploadWithProgress, type Schemas } from '@huddle/api-client';
import type { ServiceType, UserTypeCode } from '@huddle/domain';

/*
 * The console's calls (issue 22, docs/admin-console-contract.md), through the typed client: every
 * shape is the API's OpenAPI document's (`npm run openapi`), like admin-money-api.ts.
 */

export type AdminUserTypeCode = UserTypeCode;
export type AdminUserRow = Schemas['AdminUserRowDto'];
export type AdminUserPage = Schemas['AdminUsersResponse'];
export type AdminUser = Schemas['AdminUserDto'];
export type AdminUserUpdate = Schemas['AdminUpdateUserInput'];
export type AuditPage = Schemas['AdminAuditResponse'];
export type AuditSubject = 'user' | 'request' | 'campaign' | 'push';
export type AdminRequestSummary = Schemas['AdminRequestRowDto'];
export type AdminRequestPage = Schemas['AdminRequestListResponse'];
export type PayoutFilter = NonNullable<AdminRequestSummary['payout_status']>;
export type AdminCounters = Omit<Schemas['AdminCountersResponse'], 'status_response'>;
/** The periods /manage/stats offers (GET /admin/counters?period=). */
export const STATS_PERIODS = ['all', '30d', '90d', '365d'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export type CustomPush = Schemas['CustomPushDto'];
export type CustomPushPage = Schemas['CustomPushListResponse'];
export type CustomPushInput = Schemas['CustomPushInput'];
export type PushStatus = CustomPush['status'];
export type UploadedPhoto = Schemas['UploadPhotoResponse'];
export type UploadedVideo = Schemas['UploadIntroResponse'];

export interface UserListQuery {
  page: number;
  request: string;
  userType: AdminUserTypeCode | null;
  completeness: 0 | 1 | 2;
  /** Sent only when the administrator picks a size: the API stores it as their setting. */
  pageSize: number | null;
}

/** Every call of the administrator's console screens (issue 22). */
export function adminConsoleApi(apiBase: string, fetchImpl?: typeof globalThis.fetch) {
  const api = createApiClient({ baseUrl: apiBase, fetch: fetchImpl });
  const base = apiBase.replace(/\/+$/, '');
  const upload = <T>(path: string, athleteId: string, field: 'photo' | 'video', file: File) => {
    const form = new FormData();
    form.append(field, file, file.name);
    return uploadWithProgress<T>({ url: `${base}${path}?athlete_id=${encodeURIComponent(athleteId)}`, form });
  };
  return {
    users: (query: UserListQuery, signal?: AbortSignal) =>
      unwrap(
        api.GET('/admin/user/search', {
          params: {
            query: {
              page: query.page,
              ...(query.request.trim() ? { request: query.request.trim() } : {}),
              ...(query.userType !== null ? { user_type: query.userType } : {}),
              profile_completed: query.completeness,
              ...(query.pageSize !== null ? { page_size: query.pageSize } : {}),
            },
          },
          signal,
        }),
      ),
    user: async (id: string, signal?: AbortSignal) => (await unwrap(api.GET('/admin/user', { params: { query: { user_id: id } }, signal }))).user,
    addUser: (email: string, userType: 1 | 2 | 3) => unwrap(api.POST('/admin/user/add', { body: { email: email.trim(), user_type: userType } })),
    updateUser: (update: AdminUserUpdate) => unwrap(api.POST('/admin/user/update', { body: update })),
    /** The stored path comes back; the editor saves it with the rest (POST /admin/user/update). */
    uploadPhoto: (athleteId: string, file: File) => upload<UploadedPhoto>('/admin/user/upload-photo', athleteId, 'photo', file),
    uploadIntro: (athleteId: string, file: File) => upload<UploadedVideo>('/admin/user/upload-intro', athleteId, 'video', file),
    block: (userId: string, blocked: boolean) => unwrap(api.POST('/admin/user/block', { body: { user_id: userId, blocked } })),
    sync: (userId: string) => unwrap(api.POST('/mt/sync_by_id', { body: { user_id: userId } })),
    remove: (userId: string) => unwrap(api.POST('/admin/user/delete', { body: { user_id: userId } })),
    userRequests: (userId: string, page: number, requestType: ServiceType | null, payout: PayoutFilter | null, signal?: AbortSignal) =>
      unwrap(
        api.GET('/admin/requests/filter', {
          params: { query: { user_id: userId, page, page_size: 20, ...(requestType ? { request_type: requestType } : {}), ...(payout ? { payout_status: payout } : {}) } },
          signal,
        }),
      ),
    audit: (subjectType: AuditSubject, subjectId: string, page: number, signal?: AbortSignal) =>
      unwrap(api.GET('/admin/audit', { params: { query: { subject_type: subjectType, subject_id: subjectId, page, page_size: 20 } }, signal })),
    counters: (period: StatsPeriod, signal?: AbortSignal) => unwrap(api.GET('/admin/counters', { params: { query: { period } }, signal })),
    pushes: (request: string, page: number, signal?: AbortSignal) =>
      unwrap(api.GET('/admin/custom-push/search', { params: { query: { page, ...(request.trim() ? { request: request.trim() } : {}) } }, signal })),
    createPush: async (input: CustomPushInput) => (await unwrap(api.POST('/admin/custom-push', { body: input }))).push,
    updatePush: async (id: string, input: CustomPushInput) => (await unwrap(api.PUT('/admin/custom-push', { params: { query: { id } }, body: input }))).push,
    deletePush: (id: string) => unwrap(api.DELETE('/admin/custom-push', { params: { query: { id } } })),
    sendPush: async (id: string) => (await unwrap(api.POST('/admin/custom-push/send', { body: { id } }))).push,
    /** The push wizard's user picker: at most 20 at a time. */
    pickUsers: async (request: string, signal?: AbortSignal) =>
      (await unwrap(api.GET('/admin/user/search', { params: { query: { page: 1, page_size: 20, ...(request.trim() ? { request: request.trim() } : {}) } }, signal }))).users,
  };
}

export type AdminConsoleApi = ReturnType<typeof adminConsoleApi>;
