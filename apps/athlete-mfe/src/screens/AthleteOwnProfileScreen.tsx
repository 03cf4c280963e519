import { ATHLETE_SERVICE_TYPES, isHourly, SERVICE_LABELS, serviceSettingsOf, SOCIAL_LINK_LABELS, SOCIAL_LINK_TYPES } from '@huddle/domain';
import { formatRate } from '@huddle/domain/format';
import { mediaUrl, toApiError } from '@huddle/api-client';
import { idsOf, ProfileSummary, socialLinksOf, useMemberApi, useOwnAccount, useReferenceData, type MemberAccount } from '@huddle/member';
import { Button, EmptyView, ErrorView, Page, Panel, SkeletonList, Tabs, useSearchParam, useShell } from '@huddle/ui';
import './athlete-profile.css';

const TABS = [
  { id: 'info', label: 'Info' },
  { id: 'video', label: 'Video' },
  { id: 'services', label: 'Services' },
] as const;

type Tab = (typeof TABS)[number]['id'];

function EditButton({ to, label }: { to: string; label: string }) {
  const { navigate } = useShell();
  return (
    <Button variant="secondary" size="sm" onClick={() => navigate(to)}>
      {label}
    </Button>
  );
}

function InfoTab({ account }: { account: MemberAccount }) {
  const reference = useReferenceData();
  const sportIds = idsOf(account.athlete_info?.sports);
  const sports = (reference.data?.sports ?? []).filter((sport) => sportIds.includes(sport.id)).map((sport) => sport.name);
  const links = socialLinksOf(account);
  const filled = SOCIAL_LINK_TYPES.filter((type) => links[type] !== '');
  return (
    <div className="hd-stack">
      <Panel>
        <div className="ath-panel-head">
          <ProfileSummary account={account} caption={account.athlete_info?.school_name ?? undefined} />
          <EditButton to="/settings/info" label="Edit info" />
        </div>
        {account.description && <p className="ath-description">{account.description}</p>}
      </Panel>
      <Panel>
        <div className="ath-panel-head">
          <h2 className="hd-panel__title">Sports and school</h2>
          <EditButton to="/settings/survey" label="Edit sports and school" />
        </div>
        <dl className="hd-definition">
          <dt>Sports</dt>
          <dd>{sports.length > 0 ? sports.join(', ') : <span className="hd-muted">Not set</span>}</dd>
          <dt>School</dt>
          <dd>{account.athlete_info?.school_name ?? <span className="hd-muted">Not set</span>}</dd>
        </dl>
      </Panel>
      <Panel>
        <div className="ath-panel-head">
          <h2 className="hd-panel__title">Social links</h2>
          <EditButton to="/settings/links" label="Edit links" />
        </div>
        {filled.length === 0 ? (
          <p className="hd-muted">No social links yet.</p>
        ) : (
          <ul className="ath-links">
            {filled.map((type) => (
              <li key={type}>
                <span className="ath-links__type">{SOCIAL_LINK_LABELS[type]}</span>
                <a className="hd-link" href={links[type]} target="_blank" rel="noreferrer noopener">
                  {links[type].replace(/^https?:\/\//, '')}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel>
        <div className="ath-panel-head">
          <h2 className="hd-panel__title">Payouts</h2>
          <EditButton to="/settings/payouts" label="Open payouts" />
        </div>
        <p className="hd-muted">Your payout account, what Huddle owes you and what it paid.</p>
      </Panel>
    </div>
  );
}

function VideoTab({ account }: { account: MemberAccount }) {
  const api = useMemberApi();
  const video = mediaUrl(api.apiBase, account.intro_video);
  return (
    <Panel>
      <div className="ath-panel-head">
        <h2 className="hd-panel__title">Intro video</h2>
        <EditButton to="/settings/info" label="Edit video" />
      </div>
      {video ? (
        <video className="ath-video" src={video} controls playsInline preload="metadata">
          <track kind="captions" />
        </video>
      ) : (
        <EmptyView text="You have no intro video yet." />
      )}
    </Panel>
  );
}

function ServicesTab({ account }: { account: MemberAccount }) {
  const settings = serviceSettingsOf(account.athlete_info?.athlete_services);
  const enabled = ATHLETE_SERVICE_TYPES.filter((type) => settings[type].enabled);
  const locations = account.athlete_info?.locations ?? [];
  return (
    <div className="hd-stack">
      <Panel>
        <div className="ath-panel-head">
          <h2 className="hd-panel__title">Services</h2>
          <EditButton to="/settings/services" label="Edit services" />
        </div>
        {enabled.length === 0 ? (
          <p className="hd-muted">You offer no services yet.</p>
        ) : (
          <ul className="ath-services">
            {enabled.map((type) => (
              <li key={type}>
                <span>{SERVICE_LABELS[type]}</span>
                <strong>{formatRate({ rate: settings[type].rate, per_hour: isHourly(type) })}</strong>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Travel locations">
        {locations.length === 0 ? (
          <p className="hd-muted">No travel locations yet.</p>
        ) : (
          <ul className="ath-services">
            {locations.map((location) => (
              <li key={location.id}>
                <span>
                  {location.name}
                  <span className="hd-muted"> · {location.address}</span>
                </span>
                <strong>{location.radius} mi</strong>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

/** /profile for athletes (spec §2): tabs Info, Video and Services, each with its edit buttons. */
export function AthleteOwnProfileScreen() {
  const [tabParam, setTab] = useSearchParam('tab');
  const tab: Tab = TABS.find((candidate) => candidate.id === tabParam)?.id ?? 'info';
  const account = useOwnAccount();

  let content;
  if (account.isPending) content = <SkeletonList count={4} label="Loading your profile" />;
  else if (account.isError) {
    content = <ErrorView message={toApiError(account.error).message} onRetry={() => account.refetch()} retrying={account.isFetching} />;
  } else if (tab === 'video') content = <VideoTab account={account.data} />;
  else if (tab === 'services') content = <ServicesTab account={account.data} />;
  else content = <InfoTab account={account.data} />;

  return (
    <Page title="Profile" width="narrow">
      <Tabs tabs={TABS} active={tab} onChange={setTab} label="Your profile">
        {content}
      </Tabs>
    </Page>
  );
}
