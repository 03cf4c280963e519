import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ApiError, toApiError } from '@huddle/api-client';
import { ErrorCode, isValidEmail, LIMITS, MESSAGES } from '@huddle/domain';
import { isManagedInConsole } from '@huddle/domain/admin';
import {
  Button,
  ConfirmDialog,
  EmptyView,
  ErrorView,
  Modal,
  Page,
  SearchField,
  SelectField,
  SkeletonList,
  TextField,
  cx,
  useDebouncedCallback,
  useShell,
} from '@huddle/ui';
import type { AdminUserRow } from '../console/admin-console-api';
import { useAddUser, useUserActions, useUserList } from '../console/console-hooks';
import { CONSOLE_TEXTS } from '../console/console-messages';
import { displayName, roleName } from '../console/user-format';
import {
  COMPLETENESS_OPTIONS,
  PAGE_SIZE_OPTIONS,
  ROLE_FILTER_OPTIONS,
  userListQuery,
  usersSearchOf,
  usersStateOf,
  withFilter,
  type UsersUrlState,
} from '../console/users-query';
import { Pager } from '../money/Pager';
import '../money/money.css';
import '../console/console.css';

export const ADD_USER_ROLES = [
  { value: '1', label: 'Fan' },
  { value: '2', label: 'Athlete' },
  { value: '3', label: 'Business' },
] as const;

/** Add user's checks: an email, a valid one (spec §5's messages). */
export function addUserErrors(email: string): { email?: string } {
  if (email.trim() === '') return { email: MESSAGES.emailRequired };
  if (!isValidEmail(email)) return { email: MESSAGES.emailInvalid };
  return {};
}

function AddUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [userType, setUserType] = useState<'1' | '2' | '3'>('1');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setEmail('');
    setUserType('1');
    setError(undefined);
    onClose();
  };
  const add = useAddUser(close);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = addUserErrors(email);
    setError(found.email);
    if (found.email || add.isPending) return;
    add.mutate(
      { email, userType: Number(userType) as 1 | 2 | 3 },
      {
        onError: (failure) => {
          const problem = toApiError(failure);
          setError(problem instanceof ApiError && (problem.code === ErrorCode.EmailTaken || problem.fieldErrors.email) ? (problem.fieldErrors.email ?? problem.message) : problem.message);
        },
      },
    );
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title="Add user"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="adm-add-user" loading={add.isPending}>
            Add user
          </Button>
        </>
      }
    >
      <form id="adm-add-user" className="hd-stack" onSubmit={submit} noValidate>
        <p className="hd-muted">They get an email with a link to set their password and finish their profile.</p>
        <TextField label="Email" type="email" autoComplete="off" inputMode="email" value={email} onChange={(event) => setEmail(event.target.value)} error={error} />
        <SelectField label="Role" options={ADD_USER_ROLES} value={userType} onChange={(event) => setUserType(event.target.value as '1' | '2' | '3')} />
      </form>
    </Modal>
  );
}

export interface UserRowsProps {
  users: readonly AdminUserRow[];
  busyId: string | null;
  /** The signed-in administrator: they can neither block nor remove themself (the API refuses it too). */
  selfId?: string | null;
  onBlock: (user: AdminUserRow) => void;
  onSync: (user: AdminUserRow) => void;
  onRemove: (user: AdminUserRow) => void;
}

/** The list's rows: name (to the user's page), email, role, completeness, blocked, and each row's actions. */
export function UserRows({ users, busyId, selfId = null, onBlock, onSync, onRemove }: UserRowsProps) {
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-users">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Profile</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="hd-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const name = displayName(user);
            const busy = busyId === user.id;
            const self = user.id === selfId;
            // Another administrator is not the console's to block or remove (isManagedInConsole); only unblocked.
            const locked = !isManagedInConsole(user.user_type);
            return (
              <tr key={user.id} className={cx(user.blocked && 'adm-row--blocked')}>
                <th scope="row" className="adm-table__name">
                  <Link href={`/manage/user/${user.id}`} className="hd-link">
                    {name}
                  </Link>
                </th>
                <td data-label="Email" className="adm-break">
                  {user.email}
                </td>
                <td data-label="Role">{roleName(user.user_type)}</td>
                <td data-label="Profile">
                  <span className={cx('adm-pill', user.profile_completed ? 'adm-pill--ok' : 'adm-pill--warn')}>
                    {user.profile_completed ? 'Complete' : 'Incomplete'}
                  </span>
                </td>
                <td data-label="Status">
                  <span className={cx('adm-pill', user.blocked ? 'adm-pill--warn' : 'adm-pill--ok')}>{user.blocked ? 'Blocked' : 'Active'}</span>
                </td>
                <td className="adm-actions">
                  <Button size="sm" variant="secondary" disabled={busy || self || (locked && !user.blocked)} onClick={() => onBlock(user)} aria-label={`${user.blocked ? 'Unblock' : 'Block'} ${name}`}>
                    {user.blocked ? 'Unblock' : 'Block'}
                  </Button>
                  <Button size="sm" variant="secondary" disabled={busy} onClick={() => onSync(user)} aria-label={`Sync ${name}`}>
                    Sync
                  </Button>
                  <Button size="sm" variant="danger" disabled={busy || self || locked} onClick={() => onRemove(user)} aria-label={`Remove ${name}`}>
                    Remove
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Remove's confirmation, shared by the list and the user's page. */
export function RemoveUserDialog({ user, busy, onConfirm, onCancel }: { user: { email: string } | null; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      open={user !== null}
      title="Remove user"
      message={user ? `Remove ${user.email}? Their account is deleted exactly as if they deleted it themselves.` : ''}
      confirmLabel="Remove"
      tone="danger"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/**
 * /manage/users (spec §2, issue 22): search by name, email, username or id (debounced 400 ms), role
 * and completeness filters, the stored page size, and the pager; page, request, userType and
 * completeness live in the URL so a reload or a shared link shows the same list.
 */
export function UsersScreen() {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const { account } = useShell();
  const state = usersStateOf(search);
  const [text, setText] = useState(state.request);
  const [pageSize, setPageSize] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AdminUserRow | null>(null);
  const go = (next: UsersUrlState) => navigate(`${pathname}${usersSearchOf(next)}`, { replace: true });
  const pushSearch = useDebouncedCallback((value: string) => go(withFilter(usersStateOf(window.location.search), { request: value })), LIMITS.searchDebounceMs);
  const query = useUserList(userListQuery(state, pageSize));
  const actions = useUserActions();
  const busyId = [actions.block, actions.sync, actions.remove].find((action) => action.isPending)?.variables;
  const busyUserId = busyId ? ('user' in busyId ? busyId.user.id : busyId.id) : null;
  const shownSize = pageSize ?? query.data?.page_size ?? LIMITS.pageSize.adminUsers;

  let content;
  if (query.isPending) content = <SkeletonList label="Loading users" variant="row" count={6} />;
  else if (query.isError) content = <ErrorView message={toApiError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.users.length === 0) content = <EmptyView text={CONSOLE_TEXTS.noUsers} icon="search" />;
  else
    content = (
      <>
        <p className="adm-sub adm-count">{query.data.total === 1 ? '1 user' : `${query.data.total} users`}</p>
        <UserRows
          users={query.data.users}
          busyId={busyUserId}
          selfId={account?.id ?? null}
          onBlock={(user) => actions.block.mutate({ user, blocked: !user.blocked })}
          onSync={(user) => actions.sync.mutate(user)}
          onRemove={(user) => setRemoving(user)}
        />
        <Pager page={state.page} total={query.data.total} pageSize={query.data.page_size || shownSize} />
      </>
    );

  return (
    <Page
      title="Users"
      actions={
        <Button variant="accent" onClick={() => setAdding(true)}>
          Add user
        </Button>
      }
    >
      <div className="adm-filters" role="search">
        <SearchField
          label="Search users"
          placeholder="Name, email, username or id"
          className="adm-filters__search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            pushSearch.call(event.target.value);
          }}
        />
        <SelectField
          label="Role"
          options={ROLE_FILTER_OPTIONS}
          value={state.userType === null ? '' : String(state.userType)}
          onChange={(event) => go(withFilter(state, { userType: event.target.value === '' ? null : (Number(event.target.value) as UsersUrlState['userType']) }))}
        />
        <SelectField
          label="Profile"
          options={COMPLETENESS_OPTIONS}
          value={String(state.completeness)}
          onChange={(event) => go(withFilter(state, { completeness: Number(event.target.value) as UsersUrlState['completeness'] }))}
        />
        <SelectField
          label="Per page"
          options={[...new Set([...PAGE_SIZE_OPTIONS, shownSize])].sort((a, b) => a - b).map((size) => ({ value: String(size), label: String(size) }))}
          value={String(shownSize)}
          onChange={(event) => {
            setPageSize(Number(event.target.value));
            go({ ...state, page: 1 });
          }}
        />
      </div>
      {content}
      <AddUserModal open={adding} onClose={() => setAdding(false)} />
      <RemoveUserDialog
        user={removing}
        busy={actions.remove.isPending}
        onConfirm={() => {
          if (removing) actions.remove.mutate(removing, { onSettled: () => setRemoving(null) });
        }}
        onCancel={() => setRemoving(null)}
      />
    </Page>
  );
}
