import { Link } from 'wouter';
import { MESSAGES } from '@huddle/domain';
import { buttonClassName, Icon } from '@huddle/ui';
import { dashboardReturnHref } from '../dashboard/dashboard-return';

/** An unknown, incomplete, blocked or deleted athlete (spec §8: 'Athlete not found'). */
export function AthleteNotFound() {
  return (
    <section className="hd-page hd-page--narrow">
      <div className="hd-state rq-not-found">
        <span className="hd-state__icon">
          <Icon name="search" size={28} />
        </span>
        <h1 className="hd-state__title">{MESSAGES.athleteNotFound.title}</h1>
        <p className="hd-state__text">{MESSAGES.athleteNotFound.text}</p>
        <Link href={dashboardReturnHref()} className={buttonClassName('primary')}>
          Back to dashboard
        </Link>
      </div>
    </section>
  );
}
