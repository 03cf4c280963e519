import { Link } from 'wouter';
import { MESSAGES } from '@huddle/domain';
import { EmptyView, ErrorView, SkeletonList } from '@huddle/ui';
import { athleteInitials, athleteName, athletePath, formatDollars, type AthleteCard } from './athlete-card';

export type AthleteResultsState =
  | { status: 'loading' }
  | { status: 'error'; message: string; onRetry: () => void }
  | { status: 'ready'; athletes: readonly AthleteCard[] };

function AthleteTile({ athlete }: { athlete: AthleteCard }) {
  return (
    <li>
      <Link href={athletePath(athlete)} className="rq-card">
        <span className="rq-card__photo">
          {athlete.profile_photo ? (
            <img src={athlete.profile_photo} alt="" loading="lazy" />
          ) : (
            <span className="rq-card__initials" aria-hidden="true">
              {athleteInitials(athlete)}
            </span>
          )}
        </span>
        <span className="rq-card__name">{athleteName(athlete)}</span>
        <span className="rq-card__meta">{[athlete.sports_played, athlete.school_name].filter(Boolean).join(' · ')}</span>
        {athlete.endorsement_rate !== null && (
          <span className="rq-card__rate">From {formatDollars(athlete.endorsement_rate)}</span>
        )}
      </Link>
    </li>
  );
}

/** The athlete grid with its four states: skeleton, error, the spec's empty text, cards. */
export function AthleteResults({ state }: { state: AthleteResultsState }) {
  if (state.status === 'loading') return <SkeletonList variant="card" label="Loading athletes" />;
  if (state.status === 'error') return <ErrorView message={state.message} onRetry={state.onRetry} />;
  if (state.athletes.length === 0) return <EmptyView icon="search" text={MESSAGES.athletesNotFound} />;
  return (
    <ul className="rq-grid">
      {state.athletes.map((athlete) => (
        <AthleteTile key={athlete.id} athlete={athlete} />
      ))}
    </ul>
  );
}
