import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { MESSAGES } from '@huddle/domain';
import { ErrorView, Page, Tabs, useSearchParam, useShell, type ScreenProps } from '@huddle/ui';
import { DISCOVERY_KEYS, isNotFound, useAthlete, useDiscoveryApi } from '../api/hooks';
import type { PublicAthlete } from '../api/discovery-types';
import { athleteCaption, athleteName, athletePath, athleteServicesPath } from '../athlete-card';
import { dashboardReturnHref } from '../dashboard/dashboard-return';
import { athleteRefOf } from './athlete-ref';
import { AthleteNotFound } from './AthleteNotFound';
import { HistoryTab } from './HistoryTab';
import { InfoTab } from './InfoTab';
import { PROFILE_TABS, profileTabOf, profileTabParam, TAB_PARAM } from './profile-tabs';
import { ProfilePreview } from './ProfilePreview';
import { ProfileSkeleton } from './ProfileSkeleton';
import { ReviewsTab } from './ReviewsTab';
import { ServicesPanel } from './ServicesPanel';
import './profile.css';

type ProfileView = 'profile' | 'services';

const PRODUCT_NAME = 'Huddle';

/** The tab title while this screen shows: the athlete's name, or what went wrong. */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return undefined;
    let current = true;
    // The shell names the page by route in its own effect, which runs after this one when both
    // commit together (/@ to /p/@ with the profile cached); the microtask lets the name win.
    queueMicrotask(() => {
      if (current) document.title = `${title} · ${PRODUCT_NAME}`;
    });
    return () => {
      current = false;
    };
  }, [title]);
}

function ProfileContent({ data, view }: { data: PublicAthlete; view: ProfileView }) {
  const { navigate } = useShell();
  const api = useDiscoveryApi();
  const [tabParam, setTabParam] = useSearchParam(TAB_PARAM);
  const tab = profileTabOf(tabParam);
  const { athlete } = data;

  return (
    <Page
      title={athleteName(athlete)}
      subtitle={athleteCaption(athlete) || undefined}
      onBack={() => navigate(view === 'services' ? athletePath(athlete) : dashboardReturnHref())}
    >
      <div className="rq-profile">
        <div className="rq-profile__aside">
          {view === 'services' ? (
            <ServicesPanel athlete={athlete} apiBase={api.apiBase} />
          ) : (
            <ProfilePreview athlete={athlete} apiBase={api.apiBase} />
          )}
        </div>
        <div className="rq-profile__main">
          <Tabs tabs={PROFILE_TABS} active={tab} onChange={(next) => setTabParam(profileTabParam(next))} label="Athlete profile">
            {tab === 'info' && <InfoTab athlete={athlete} showServices={view === 'profile'} />}
            {tab === 'reviews' && <ReviewsTab athlete={athlete} reviews={data.reviews} apiBase={api.apiBase} />}
            {tab === 'history' && <HistoryTab history={data.history} />}
          </Tabs>
        </div>
      </div>
    </Page>
  );
}

function AthleteProfile({ params, view }: ScreenProps & { view: ProfileView }) {
  const { navigate } = useShell();
  const ref = useMemo(() => athleteRefOf(params.id), [params.id]);
  const query = useAthlete(ref);
  const missing = ref === null || isNotFound(query.error);
  const data = query.data;

  useDocumentTitle(data ? athleteName(data.athlete) : missing ? MESSAGES.athleteNotFound.title : null);

  // A booking screen links back by the athlete's id; the address bar then shows the shareable username path.
  const canonical =
    data?.athlete.username && ref && 'athlete_id' in ref
      ? view === 'services'
        ? athleteServicesPath(data.athlete)
        : athletePath(data.athlete)
      : null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!canonical || !data?.athlete.username) return;
    // The username path asks for the same athlete under another key: hand it the answer in hand
    // instead of a second request and a skeleton in between.
    queryClient.setQueryData(DISCOVERY_KEYS.athlete(athleteRefOf(data.athlete.username)), data);
    navigate(`${canonical}${window.location.search}`, { replace: true });
  }, [canonical, data, navigate, queryClient]);

  if (missing) return <AthleteNotFound />;
  if (data) return <ProfileContent data={data} view={view} />;
  if (query.isError) {
    return (
      <Page title="Athlete" onBack={() => navigate(dashboardReturnHref())}>
        <ErrorView message={toApiError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Page>
    );
  }
  return <ProfileSkeleton />;
}

/** /@{username} (spec §2): the athlete's intro video, Services button, profile link and tabs Info, Reviews, History. */
export function AthleteProfileScreen({ params }: ScreenProps) {
  return <AthleteProfile params={params} view="profile" />;
}

/** /p/@{username} (spec §2): the same profile with the services and their Book actions in place of the video. */
export function AthleteServicesScreen({ params }: ScreenProps) {
  return <AthleteProfile params={params} view="services" />;
}
