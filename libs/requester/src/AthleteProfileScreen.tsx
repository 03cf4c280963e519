import { ATHLETE_SERVICE_TYPES, canAccess, GUEST, MESSAGES, SERVICE_LABELS } from '@huddle/domain';
import { Button, EmptyView, Page, Placeholder, Tabs, useSearchParam, useShell, type ScreenProps } from '@huddle/ui';

const PROFILE_TABS = [
  { id: 'info', label: 'Info' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'history', label: 'History' },
] as const;

type ProfileTab = (typeof PROFILE_TABS)[number]['id'];

function tabOf(value: string | null): ProfileTab {
  return PROFILE_TABS.find((tab) => tab.id === value)?.id ?? 'info';
}

/** /@{username} (spec §2): an athlete's public profile with tabs Info, Reviews and History. */
export function AthleteProfileScreen({ params }: ScreenProps) {
  const { navigate } = useShell();
  const [tabParam, setTab] = useSearchParam('tab');
  const tab = tabOf(tabParam);
  const username = params.id ?? '';

  return (
    <Page
      title={`@${username}`}
      subtitle="Athlete profile"
      onBack={() => navigate('/dashboard')}
      actions={
        <Button variant="accent" onClick={() => navigate(`/p/@${username}`)}>
          Services
        </Button>
      }
    >
      <Tabs tabs={PROFILE_TABS} active={tab} onChange={setTab} label="Athlete profile">
        {tab === 'info' && (
          <Placeholder title="Intro video, sports, school and social links">
            The athlete&apos;s details appear here.
          </Placeholder>
        )}
        {tab === 'reviews' && <EmptyView icon="inbox" text={MESSAGES.noReviews} />}
        {tab === 'history' && <EmptyView icon="inbox" text={MESSAGES.noHistory} />}
      </Tabs>
    </Page>
  );
}

/** /p/@{username} (spec §2): the athlete's services, each leading to its booking form. */
export function AthleteServicesScreen({ params }: ScreenProps) {
  const { role, navigate } = useShell();
  const username = params.id ?? '';
  // Booking is open to the roles the route table allows (fans and businesses).
  const canBook = canAccess(`/request-form/${username}/${ATHLETE_SERVICE_TYPES[0]}`, role);

  return (
    <Page title={`Book @${username}`} subtitle="Choose a service" onBack={() => navigate(`/@${username}`)}>
      <div className="hd-stack">
        {ATHLETE_SERVICE_TYPES.map((type) => (
          <div key={type} className="hd-panel hd-row">
            <span className="hd-page__heading">{SERVICE_LABELS[type]}</span>
            {canBook && (
              <Button size="sm" onClick={() => navigate(`/request-form/${username}/${type}`)}>
                Book
              </Button>
            )}
          </div>
        ))}
        {role === GUEST && <p className="hd-muted">Sign in or create an account to book a service.</p>}
      </div>
    </Page>
  );
}
