import { Link } from 'wouter';
import { MESSAGES } from '@huddle/domain';
import { buttonClassName, EmptyView } from '@huddle/ui';
import { dashboardReturnHref } from '../dashboard/dashboard-return';

/** An unknown, incomplete, blocked or deleted athlete (spec §8: 'Athlete not found'). */
export function AthleteNotFound() {
  return (
    <section className="hd-page hd-page--narrow rq-not-found">
      <EmptyView
        icon="search"
        headingLevel={1}
        title={MESSAGES.athleteNotFound.title}
        text={MESSAGES.athleteNotFound.text}
        action={
          <Link href={dashboardReturnHref()} className={buttonClassName('primary')}>
            Back to dashboard
          </Link>
        }
      />
    </section>
  );
}
