import { baseUserType, GENDERS, UserType, USER_TYPE_NAMES } from '@huddle/domain';
import { toApiError } from '@huddle/api-client';
import { Button, ErrorView, Page, Panel, SkeletonList, useShell } from '@huddle/ui';
import type { MemberAccount } from '../api/account-types';
import { useOwnAccount, useReferenceData } from '../api/hooks';
import { ProfileSummary } from './ProfileSummary';
import '../member.css';

function Row({ term, value }: { term: string; value: string | null | undefined }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value && value.trim() !== '' ? value : <span className="hd-muted">Not set</span>}</dd>
    </>
  );
}

function Details({ account }: { account: MemberAccount }) {
  const reference = useReferenceData();
  const genders = reference.data?.genders ?? GENDERS;
  const gender = genders.find((candidate) => candidate.id === account.gender)?.name ?? null;
  const business = account.business_info;
  const userType = account.user_type;
  return (
    <>
      <Panel>
        <ProfileSummary account={account} caption={USER_TYPE_NAMES[userType]} />
      </Panel>
      <Panel title="Your info">
        <dl className="hd-definition">
          <Row term="Email" value={account.email} />
          <Row term="Phone" value={account.phone} />
          <Row term="Gender" value={gender} />
          <Row term="Username" value={account.username ? `@${account.username}` : null} />
        </dl>
      </Panel>
      {userType === UserType.Business && (
        <Panel title="Company">
          <dl className="hd-definition">
            <Row term="Name" value={business?.name} />
            <Row term="Email" value={business?.email} />
            <Row term="Phone" value={business?.phone} />
            <Row term="Website" value={business?.website} />
          </dl>
        </Panel>
      )}
      {userType === UserType.Fan && account.fan_info && (
        <Panel title="You follow">
          <dl className="hd-definition">
            <Row term="Conferences" value={names(reference.data?.conferences.map((c) => ({ id: c.id, name: c.short_name })), account.fan_info.conferences)} />
            <Row term="Sports" value={names(reference.data?.sports, account.fan_info.sports)} />
            <Row term="Teams" value={names(reference.data?.teams, account.fan_info.teams)} />
          </dl>
        </Panel>
      )}
    </>
  );
}

function names(list: readonly { id: number; name: string }[] | undefined, ids: readonly number[]): string | null {
  if (!list || ids.length === 0) return null;
  return list
    .filter((item) => ids.includes(item.id))
    .map((item) => item.name)
    .join(', ');
}

/** /profile for fans and businesses (spec §2): their info, with Edit leading to /settings/info. */
export function OwnProfileScreen() {
  const { navigate, role } = useShell();
  const account = useOwnAccount();
  let content;
  if (account.isPending) content = <SkeletonList count={4} label="Loading your profile" />;
  else if (account.isError) {
    content = <ErrorView message={toApiError(account.error).message} onRetry={() => account.refetch()} retrying={account.isFetching} />;
  } else content = <Details account={account.data} />;

  return (
    <Page
      title="Profile"
      subtitle={baseUserType(role) === UserType.Business ? 'Your business account' : undefined}
      width="narrow"
      actions={
        <Button variant="secondary" onClick={() => navigate('/settings/info')}>
          Edit
        </Button>
      }
    >
      <div className="hd-stack">{content}</div>
    </Page>
  );
}
