import type { ReactNode } from 'react';
import { MESSAGES } from '@huddle/domain';
import { cx, EmptyView, ErrorView, SkeletonList } from '@huddle/ui';
import type { AthleteCard } from '../api/discovery-types';
import { AthleteTile, PRIORITY_CARDS } from './AthleteTile';

export type AthleteResultsState =
  | { status: 'loading' }
  | { status: 'error'; message: string; onRetry: () => void; retrying: boolean }
  | {
      status: 'ready';
      athletes: readonly AthleteCard[];
      /** Newer results are on their way: the grid stays, dimmed, instead of the skeleton. */
      updating?: boolean;
      /** An action under the empty text (e.g. clearing the search). */
      emptyAction?: ReactNode;
    };

/** The athlete grid with its four states: skeleton, error with Retry, the spec's empty text, cards. */
export function AthleteResults({ state, apiBase }: { state: AthleteResultsState; apiBase: string }) {
  if (state.status === 'loading') return <SkeletonList variant="card" label="Loading athletes" />;
  if (state.status === 'error') return <ErrorView message={state.message} onRetry={state.onRetry} retrying={state.retrying} />;
  if (state.athletes.length === 0) {
    return <EmptyView icon="search" text={MESSAGES.athletesNotFound} action={state.emptyAction} />;
  }
  return (
    <ul className={cx('rq-grid', state.updating && 'rq-grid--updating')} aria-busy={state.updating || undefined}>
      {state.athletes.map((athlete, index) => (
        <AthleteTile key={athlete.athlete_id} athlete={athlete} apiBase={apiBase} priority={index < PRIORITY_CARDS} />
      ))}
    </ul>
  );
}
