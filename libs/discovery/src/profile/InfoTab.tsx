import { Link } from 'wouter';
import { SERVICE_LABELS, SOCIAL_LINK_LABELS } from '@huddle/domain';
import { formatRate } from '@huddle/domain/format';
import type { AthleteProfile } from '../api/discovery-types';
import { athleteFirstName, athleteServicesPath } from '../athlete-card';
import { filledSocialLinks, linkText, orderedServices, sportNames } from './profile-view';

/**
 * Info (spec §2): description, sports, school, social links and services with rates. On /p/@
 * the services stand beside the tabs with their Book actions, so Info leaves them out.
 */
export function InfoTab({ athlete, showServices }: { athlete: AthleteProfile; showServices: boolean }) {
  const links = filledSocialLinks(athlete);
  const services = orderedServices(athlete.services);
  const sports = sportNames(athlete);
  const firstName = athleteFirstName(athlete);

  return (
    <div className="rq-info">
      <section className="hd-panel">
        <h2 className="hd-panel__title">About</h2>
        {athlete.description ? (
          <p className="rq-info__about">{athlete.description}</p>
        ) : (
          <p className="hd-muted">{firstName} has not written an introduction yet.</p>
        )}
      </section>

      <section className="hd-panel">
        <h2 className="hd-panel__title">Sports and school</h2>
        <dl className="hd-definition">
          <dt>{sports.length === 1 ? 'Sport' : 'Sports'}</dt>
          <dd>
            {sports.length > 0 ? (
              <ul className="rq-chips" aria-label="Sports">
                {sports.map((sport) => (
                  <li key={sport} className="rq-chip">
                    {sport}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="hd-muted">Not set</span>
            )}
          </dd>
          <dt>School</dt>
          <dd>{athlete.school_name ?? <span className="hd-muted">Not set</span>}</dd>
        </dl>
      </section>

      <section className="hd-panel">
        <h2 className="hd-panel__title">Social links</h2>
        {links.length === 0 ? (
          <p className="hd-muted">No social links yet.</p>
        ) : (
          <ul className="rq-links">
            {links.map((link) => (
              <li key={link.type}>
                <span className="rq-links__type">{SOCIAL_LINK_LABELS[link.type]}</span>
                <a className="hd-link rq-links__url" href={link.url} target="_blank" rel="noopener noreferrer">
                  {linkText(link.url)}
                  <span className="hd-visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      {showServices && (
        <section className="hd-panel">
          <div className="rq-panel__head">
            <h2 className="hd-panel__title">Services</h2>
            {services.length > 0 && (
              <Link href={athleteServicesPath(athlete)} className="hd-link">
                Book a service
              </Link>
            )}
          </div>
          {services.length === 0 ? (
            <p className="hd-muted">{firstName} offers no services right now.</p>
          ) : (
            <ul className="rq-rates">
              {services.map((service) => (
                <li key={service.type}>
                  <span>{SERVICE_LABELS[service.type]}</span>
                  <strong>{formatRate(service)}</strong>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
