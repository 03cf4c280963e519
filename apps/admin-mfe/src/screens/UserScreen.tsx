import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ApiError, mediaUrl, toApiError } from '@huddle/api-client';
import {
  ATHLETE_SERVICE_TYPES,
  ErrorCode,
  MESSAGES,
  REQUEST_STATUS_LABELS,
  RequestStatus,
  SERVICE_LABELS,
  SERVICE_TYPES,
  SOCIAL_LINK_FIELDS,
  SOCIAL_LINK_LABELS,
  SOCIAL_LINK_TYPES,
  UserType,
  serviceSettingsOf,
  toCents,
  requestPartyName,
  type RequestStatusCode,
} from '@huddle/domain';
import { isManagedInConsole } from '@huddle/domain/admin';
import { requestPayoutLabel } from '@huddle/domain/payouts';
import { formatDollars } from '@huddle/domain/format';
import { Button, ConfirmDialog, EmptyView, ErrorView, Page, Panel, SelectField, SkeletonList, cx, useShell, type ScreenProps } from '@huddle/ui';
import type { AdminRequestSummary, AdminUser } from '../console/admin-console-api';
import { AthleteEditor } from '../console/AthleteEditor';
import { AuditTrail } from '../console/AuditTrail';
import { LEAVE_CLOSE, useLeaveGuard } from '../console/leave-guard';
import { useAdminUser, useUserActions, useUserRequests } from '../console/console-hooks';
import { CONSOLE_TEXTS } from '../console/console-messages';
import { displayName, formatWhen, roleName } from '../console/user-format';
import { userRequestsStateOf, withRequestsFilter } from '../console/user-requests-query';
import { Pager } from '../money/Pager';
import { RemoveUserDialog } from './UsersScreen';
import '../money/money.css';
import '../console/console.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user id is a uuid: anything else names nobody, and the page says so without asking the API. */
export function userIdOf(given: string | undefined): string {
  return given && UUID.test(given) ? given : '';
}

/** A row's payout in words; a dash for none (a campaign's row; a canceled request nothing was paid for). */
function PayoutPill({ request }: { request: AdminRequestSummary }) {
  const words = request.payout_status ? requestPayoutLabel(request.payout_status, toCents(request.payout_paid ?? 0), null, request.status === RequestStatus.Canceled) : null;
  if (words === null) return <span className="hd-muted">—</span>;
  return <span className={cx('adm-pill', request.payout_status === 'paid' && 'adm-pill--ok')}>{words}</span>;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === '' ? <span className="hd-muted">—</span> : children}</dd>
    </div>
  );
}

/** Every field of the account, and the athlete's or business's own details. */
export function AccountDetails({ user }: { user: AdminUser }) {
  const athlete = user.athlete_info;
  const business = user.business_info;
  const services = athlete ? serviceSettingsOf(athlete.athlete_services as Partial<Record<string, unknown>>) : null;
  return (
    <>
      <Panel title="Account">
        <dl className="adm-facts">
          <Fact label="Email">{user.email}</Fact>
          <Fact label="Phone">{user.phone}</Fact>
          <Fact label="Username">{user.username ? `@${user.username}` : null}</Fact>
          <Fact label="Role">{roleName(user.user_type)}</Fact>
          <Fact label="Created">{formatWhen(user.created_at)}</Fact>
          <Fact label="Email notifications">{user.email_notifications ? 'On' : 'Off'}</Fact>
          <Fact label="Description">{user.description}</Fact>
          <Fact label="Intro video">{user.intro_video ? 'Uploaded' : null}</Fact>
          {SOCIAL_LINK_TYPES.map((type) => (
            <Fact key={type} label={SOCIAL_LINK_LABELS[type]}>
              {user[SOCIAL_LINK_FIELDS[type]] ? (
                <a className="hd-link adm-break" href={user[SOCIAL_LINK_FIELDS[type]] ?? undefined} target="_blank" rel="noreferrer noopener">
                  {user[SOCIAL_LINK_FIELDS[type]]}
                </a>
              ) : null}
            </Fact>
          ))}
        </dl>
      </Panel>
      {athlete && services && (
        <Panel title="Athlete">
          <dl className="adm-facts">
            <Fact label="School">{athlete.school_name}</Fact>
            <Fact label="Sport">{athlete.sports_played}</Fact>
            <Fact label="Travel locations">{athlete.locations.length > 0 ? athlete.locations.map((location) => location.name ?? location.address).join(', ') : null}</Fact>
          </dl>
          <h3 className="adm-subtitle">Services</h3>
          <ul className="adm-list adm-services">
            {ATHLETE_SERVICE_TYPES.map((type) => (
              <li key={type} className="adm-service">
                <span>{SERVICE_LABELS[type]}</span>
                <span className={cx('adm-pill', services[type].enabled ? 'adm-pill--ok' : undefined)}>
                  {services[type].enabled ? formatDollars(services[type].rate) : 'Off'}
                </span>
              </li>
            ))}
          </ul>
        </Panel>
      )}
      {business && (
        <Panel title="Business">
          <dl className="adm-facts">
            <Fact label="Company">{business.name}</Fact>
            <Fact label="Company email">{business.email}</Fact>
            <Fact label="Company phone">{business.phone}</Fact>
            <Fact label="Website">{business.website}</Fact>
            <Fact label="Address">{business.single_line_address}</Fact>
            <Fact label="About">{business.about ?? business.description}</Fact>
          </dl>
        </Panel>
      )}
    </>
  );
}

const REQUEST_TYPE_OPTIONS = [{ value: '', label: 'All types' }, ...SERVICE_TYPES.map((type) => ({ value: type, label: SERVICE_LABELS[type] }))];
const PAYOUT_OPTIONS = [
  { value: '', label: 'Any payout' },
  { value: 'unpaid', label: 'Not paid out' },
  { value: 'processing', label: 'Payout on its way' },
  { value: 'paid', label: 'Paid out' },
];

/** One of the user's requests: to the console's request (or campaign) page. */
export function requestLink(request: Pick<AdminRequestSummary, 'id'>): string {
  return `/manage/request/${request.id}`;
}

export function UserRequestRows({ requests }: { requests: readonly AdminRequestSummary[] }) {
  return (
    <div className="adm-table-wrap">
      <table className="adm-table">
        <thead>
          <tr>
            <th scope="col">Request</th>
            <th scope="col">With</th>
            <th scope="col">Type</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col" className="adm-num">
              Amount
            </th>
            <th scope="col">Payout</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.id}>
              <th scope="row" className="adm-table__name">
                <Link href={requestLink(request)} className="hd-link">
                  #{request.order_number}
                </Link>
                {request.endorsement_campaign_id && (
                  <Link href={`/manage/request/@${request.endorsement_campaign_id}`} className="hd-link adm-sub">
                    Its campaign
                  </Link>
                )}
              </th>
              <td data-label="With">{requestPartyName(request.profile)}</td>
              <td data-label="Type">{SERVICE_LABELS[request.type]}</td>
              <td data-label="Status">{REQUEST_STATUS_LABELS[request.status as RequestStatusCode]}</td>
              <td data-label="Created">{formatWhen(request.created_at)}</td>
              <td data-label="Amount" className="adm-num">
                {formatDollars(request.request_amount)}
              </td>
              <td data-label="Payout">
                <PayoutPill request={request} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserRequests({ userId }: { userId: string }) {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const state = userRequestsStateOf(search);
  const query = useUserRequests(userId, state.page, state.requestType, state.payout);
  const filter = (name: 'requestType' | 'payout', value: string) => navigate(`${pathname}${withRequestsFilter(search, name, value)}`, { replace: true });
  let body;
  if (query.isPending) body = <SkeletonList count={3} variant="row" label="Loading the user's requests" />;
  else if (query.isError) body = <ErrorView message={toApiError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.requests.length === 0) body = <EmptyView text={CONSOLE_TEXTS.noUserRequests} />;
  else
    body = (
      <>
        <UserRequestRows requests={query.data.requests} />
        <Pager page={state.page} total={query.data.total} pageSize={query.data.page_size || 20} />
      </>
    );
  return (
    <Panel title="Requests">
      <div className="adm-filters adm-filters--two">
        <SelectField label="Request type" options={REQUEST_TYPE_OPTIONS} value={state.requestType ?? ''} onChange={(event) => filter('requestType', event.target.value)} />
        <SelectField label="Payout status" options={PAYOUT_OPTIONS} value={state.payout ?? ''} onChange={(event) => filter('payout', event.target.value)} />
      </div>
      {body}
    </Panel>
  );
}

function UserHeader({ user, onEdit }: { user: AdminUser; onEdit: (() => void) | null }) {
  const { apiBase, navigate, account } = useShell();
  const self = account?.id === user.id;
  // Another administrator is not the console's to block or remove (isManagedInConsole); only unblocked.
  const locked = !isManagedInConsole(user.user_type);
  const actions = useUserActions({ onRemoved: () => navigate('/manage/users') });
  const [removing, setRemoving] = useState(false);
  const photo = mediaUrl(apiBase, user.profile_photo);
  const busy = actions.block.isPending || actions.sync.isPending || actions.remove.isPending;
  return (
    <section className="hd-panel adm-user-head" aria-label="User">
      {photo ? <img className="adm-user-head__photo" src={photo} alt="" /> : <span className="adm-user-head__photo" aria-hidden="true" />}
      <div className="adm-user-head__main">
        <h2 className="hd-panel__title">{displayName(user)}</h2>
        <div className="adm-user-head__pills">
          <span className="adm-pill">{roleName(user.user_type)}</span>
          <span className={cx('adm-pill', user.profile_completed ? 'adm-pill--ok' : 'adm-pill--warn')}>{user.profile_completed ? 'Complete' : 'Incomplete'}</span>
          <span className={cx('adm-pill', user.blocked ? 'adm-pill--warn' : 'adm-pill--ok')}>{user.blocked ? 'Blocked' : 'Active'}</span>
        </div>
      </div>
      <div className="adm-toolbar">
        {onEdit && (
          <Button size="sm" onClick={onEdit}>
            Edit
          </Button>
        )}
        <Button size="sm" variant="secondary" disabled={busy || self || (locked && !user.blocked)} loading={actions.block.isPending} onClick={() => actions.block.mutate({ user, blocked: !user.blocked })}>
          {user.blocked ? 'Unblock' : 'Block'}
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} loading={actions.sync.isPending} onClick={() => actions.sync.mutate(user)}>
          Sync
        </Button>
        <Button size="sm" variant="danger" disabled={busy || self || locked} onClick={() => setRemoving(true)}>
          Remove
        </Button>
      </div>
      <RemoveUserDialog
        user={removing ? user : null}
        busy={actions.remove.isPending}
        onConfirm={() => actions.remove.mutate(user, { onSettled: () => setRemoving(false) })}
        onCancel={() => setRemoving(false)}
      />
    </section>
  );
}

export function isNothingFound(error: unknown): boolean {
  return error instanceof ApiError && (error.code === ErrorCode.NotFound || error.status === 404);
}

/**
 * /manage/user/{id} (spec §2, issue 22): the account with every profile field (athlete info and
 * services, or business details), the user's requests with their filters in the URL, the audit
 * trail, and the actions; an athlete is edited in place (General, Services, Social links).
 */
export function UserScreen({ params }: ScreenProps) {
  const { navigate } = useShell();
  const id = userIdOf(params.id);
  const query = useAdminUser(id);
  const [editing, setEditing] = useState(false);
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(editing && dirty, (to) => {
    setDirty(false);
    if (to === LEAVE_CLOSE) setEditing(false);
    else navigate(to);
  });
  const nothingFound = <EmptyView title={MESSAGES.nothingFound.title} text={MESSAGES.nothingFound.text} headingLevel={2} icon="search" />;

  let body;
  if (!id) body = nothingFound;
  else if (query.isPending) body = <SkeletonList count={4} label="Loading the user" />;
  else if (query.isError)
    body = isNothingFound(query.error) ? nothingFound : <ErrorView message={toApiError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else {
    const user = query.data;
    const athlete = user.user_type === UserType.Athlete;
    body = (
      <div className="adm-stack">
        <UserHeader user={user} onEdit={athlete && !editing ? () => setEditing(true) : null} />
        {editing && athlete ? <AthleteEditor user={user} onClose={() => guard.attempt(LEAVE_CLOSE)} onDirtyChange={setDirty} onSaved={() => setEditing(false)} /> : <AccountDetails user={user} />}
        <UserRequests userId={user.id} />
        <AuditTrail subjectType="user" subjectId={user.id} />
      </div>
    );
  }

  return (
    <Page title="User" subtitle={query.data ? query.data.email : undefined} onBack={() => guard.attempt('/manage/users')}>
      {body}
      <ConfirmDialog
        open={guard.pending !== null}
        title="Unsaved changes"
        message={CONSOLE_TEXTS.leaveUnsaved}
        confirmLabel="Leave"
        cancelLabel="Stay"
        tone="danger"
        onConfirm={guard.confirm}
        onCancel={guard.cancel}
      />
    </Page>
  );
}
