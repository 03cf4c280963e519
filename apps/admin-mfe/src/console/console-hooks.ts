import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiClient, toApiError, unwrap } from '@huddle/api-client';
import type { ServiceType } from '@huddle/domain';
import { useShell, useShellApi, useToast } from '@huddle/ui';
import { adminConsoleApi, type AdminConsoleApi, type AdminUserRow, type AdminUserUpdate, type AuditSubject, type CustomPushInput, type PayoutFilter, type StatsPeriod, type UserListQuery } from './admin-console-api';
import type { UploadedMedia } from './athlete-edit';
import { PUSH_TOASTS, USER_TOASTS } from './console-messages';

export function useAdminConsoleApi(): AdminConsoleApi {
  return useShellApi(adminConsoleApi);
}

export const CONSOLE_KEYS = {
  users: (query: UserListQuery) => ['admin', 'users', query.page, query.request.trim(), query.userType, query.completeness, query.pageSize] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  userRequests: (id: string, page: number, requestType: ServiceType | null, payout: PayoutFilter | null) =>
    ['admin', 'user-requests', id, page, requestType, payout] as const,
  audit: (subjectType: AuditSubject, subjectId: string, page: number) => ['admin', 'audit', subjectType, subjectId, page] as const,
  counters: (period: StatsPeriod) => ['admin', 'counters', period] as const,
  pushes: (request: string, page: number) => ['admin', 'pushes', request.trim(), page] as const,
  pickUsers: (request: string) => ['admin', 'pick-users', request.trim()] as const,
};

export function useUserList(query: UserListQuery) {
  const api = useAdminConsoleApi();
  return useQuery({ queryKey: CONSOLE_KEYS.users(query), queryFn: ({ signal }) => api.users(query, signal), placeholderData: keepPreviousData });
}

export function useAdminUser(id: string) {
  const api = useAdminConsoleApi();
  return useQuery({ queryKey: CONSOLE_KEYS.user(id), queryFn: ({ signal }) => api.user(id, signal), enabled: id !== '', retry: false });
}

export function useUserRequests(id: string, page: number, requestType: ServiceType | null, payout: PayoutFilter | null) {
  const api = useAdminConsoleApi();
  return useQuery({
    queryKey: CONSOLE_KEYS.userRequests(id, page, requestType, payout),
    queryFn: ({ signal }) => api.userRequests(id, page, requestType, payout, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(subjectType: AuditSubject, subjectId: string, page = 1) {
  const api = useAdminConsoleApi();
  return useQuery({
    queryKey: CONSOLE_KEYS.audit(subjectType, subjectId, page),
    queryFn: ({ signal }) => api.audit(subjectType, subjectId, page, signal),
    enabled: subjectId !== '',
  });
}

export function useCounters(period: StatsPeriod) {
  const api = useAdminConsoleApi();
  // Another period keeps the last numbers on screen until its own arrive.
  return useQuery({ queryKey: CONSOLE_KEYS.counters(period), queryFn: ({ signal }) => api.counters(period, signal), placeholderData: keepPreviousData });
}

/** The server's message when it sent one, else ours: each action's toast (spec §8). */
function said(answer: { message?: string } | undefined, fallback: string): string {
  return answer?.message && answer.message.trim() !== '' ? answer.message : fallback;
}

/**
 * Block/unblock, sync and remove of one user, from the list or the user's page: each shows its
 * toast, an error's message as a toast, and reads the lists, the user and the audit trail again.
 */
export function useUserActions(options: { onRemoved?: () => void } = {}) {
  const api = useAdminConsoleApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const settle = {
    onError: (error: Error) => toast.show(toApiError(error).message, 'error'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'user'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  };
  const block = useMutation({
    mutationFn: ({ user, blocked }: { user: Pick<AdminUserRow, 'id'>; blocked: boolean }) => api.block(user.id, blocked),
    onSuccess: (answer, { blocked }) => toast.show(said(answer, blocked ? USER_TOASTS.locked : USER_TOASTS.unlocked), 'success'),
    ...settle,
  });
  const sync = useMutation({
    mutationFn: (user: Pick<AdminUserRow, 'id'>) => api.sync(user.id),
    onSuccess: (answer) => toast.show(said(answer, USER_TOASTS.synced), 'success'),
    ...settle,
  });
  const remove = useMutation({
    mutationFn: (user: Pick<AdminUserRow, 'id'>) => api.remove(user.id),
    onSuccess: (answer) => {
      toast.show(said(answer, USER_TOASTS.removed), 'success');
      options.onRemoved?.();
    },
    ...settle,
  });
  return { block, sync, remove };
}

export function useAddUser(onDone: () => void) {
  const api = useAdminConsoleApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, userType }: { email: string; userType: 1 | 2 | 3 }) => api.addUser(email, userType),
    onSuccess: (answer) => {
      toast.show(said(answer, USER_TOASTS.created), 'success');
      onDone();
      return queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });
}

/** Genders for the athlete editor, from the reference data every member form reads. */
export function useGenders() {
  const { apiBase } = useShell();
  return useQuery({
    queryKey: ['reference-data', 'genders'],
    queryFn: async ({ signal }) => (await unwrap(createApiClient({ baseUrl: apiBase }).GET('/public/meta/reference-data', { signal }))).genders,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The athlete editor's save and uploads: 'Updating user', then 'User has been updated' (or the error as a toast). */
export function useAthleteSave(userId: string) {
  const api = useAdminConsoleApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CONSOLE_KEYS.user(userId) }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
    ]);
  const save = useMutation({
    mutationFn: (update: AdminUserUpdate) => api.updateUser(update),
    onMutate: () => toast.show(USER_TOASTS.updating, 'info'),
    onSuccess: (answer) => {
      queryClient.setQueryData(CONSOLE_KEYS.user(userId), answer.user);
      toast.show(said(answer, USER_TOASTS.updated), 'success');
    },
    onSettled: refresh,
  });
  // An upload stores the file; the editor keeps its path and Save writes it into the profile.
  const upload = useMutation({
    mutationFn: async ({ kind, file }: { kind: 'photo' | 'intro'; file: File }): Promise<UploadedMedia> => {
      if (kind === 'intro') return { intro_video: (await api.uploadIntro(userId, file)).path };
      const stored = await api.uploadPhoto(userId, file);
      return { profile_photo: stored.path, ...(stored.second_path ? { dashboard_photo: stored.second_path } : {}) };
    },
    onError: (error: Error) => toast.show(toApiError(error).message, 'error'),
  });
  return { save, upload };
}

/** The pushes list; while one is sending it is read again every 2 seconds, so its progress shows. */
export function usePushes(request: string, page: number) {
  const api = useAdminConsoleApi();
  return useQuery({
    queryKey: CONSOLE_KEYS.pushes(request, page),
    queryFn: ({ signal }) => api.pushes(request, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.pushes.some((push) => push.status === 'sending') ? 2000 : false),
  });
}

export function usePickUsers(request: string) {
  const api = useAdminConsoleApi();
  return useQuery({ queryKey: CONSOLE_KEYS.pickUsers(request), queryFn: ({ signal }) => api.pickUsers(request, signal), placeholderData: keepPreviousData });
}

/** Create, update, delete and send, each with its toast; an error's message is a toast too. */
export function usePushActions() {
  const api = useAdminConsoleApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const settle = {
    onError: (error: Error) => toast.show(toApiError(error).message, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'pushes'] }),
  };
  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CustomPushInput }) => (id ? api.updatePush(id, input) : api.createPush(input)),
    onSuccess: (_push, { id }) => toast.show(id ? PUSH_TOASTS.updated : PUSH_TOASTS.created, 'success'),
    ...settle,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.deletePush(id),
    onSuccess: (answer) => toast.show(said(answer, PUSH_TOASTS.deleted), 'success'),
    ...settle,
  });
  const send = useMutation({
    mutationFn: (id: string) => api.sendPush(id),
    onSuccess: () => toast.show(PUSH_TOASTS.sent, 'success'),
    ...settle,
  });
  return { save, remove, send };
}
