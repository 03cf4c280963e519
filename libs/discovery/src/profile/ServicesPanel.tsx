import { useId, useState } from 'react';
import { Link } from 'wouter';
import { ATHLETE_SERVICE_TYPES, type AthleteServiceType, canAccess, GUEST, SERVICE_LABELS } from '@huddle/domain';
import { formatRate } from '@huddle/domain/format';
import { Button, useShell } from '@huddle/ui';
import type { AthleteProfile } from '../api/discovery-types';
import { athleteFirstName, athleteInitials, athletePath } from '../athlete-card';
import { AccountPrompt } from './AccountPrompt';
import { Avatar } from './Avatar';
import { bookingPath, orderedServices } from './profile-view';

/**
 * /p/@{username}: the athlete's services with their rates and a Book action each. Fans and
 * businesses go to the booking form; a guest is asked to sign in first; athletes only look.
 */
export function ServicesPanel({ athlete, apiBase }: { athlete: AthleteProfile; apiBase: string }) {
  const { role, navigate } = useShell();
  const headingId = useId();
  const [prompt, setPrompt] = useState<{ open: boolean; service: AthleteServiceType | null }>({ open: false, service: null });
  const services = orderedServices(athlete.services);
  const isGuest = role === GUEST;
  const firstName = athleteFirstName(athlete);

  // The route table decides who books (fans and businesses); guests are asked to sign in instead.
  const canBook = isGuest || canAccess(bookingPath(athlete.athlete_id, ATHLETE_SERVICE_TYPES[0]), role);

  const book = (type: AthleteServiceType) => {
    if (isGuest) setPrompt({ open: true, service: type });
    else navigate(bookingPath(athlete.athlete_id, type));
  };

  return (
    <section className="hd-panel rq-services" aria-labelledby={headingId}>
      <div className="rq-services__head">
        <Avatar photo={athlete.profile_photo} initials={athleteInitials(athlete)} apiBase={apiBase} />
        <div>
          <h2 id={headingId} className="hd-panel__title">
            Services
          </h2>
          <p className="hd-muted">{canBook ? `Book ${firstName} for one of these.` : `${firstName}'s services and rates.`}</p>
        </div>
      </div>
      {services.length === 0 ? (
        <p className="hd-muted">{firstName} offers no services right now.</p>
      ) : (
        <ul className="rq-services__list">
          {services.map((service) => {
            const label = SERVICE_LABELS[service.type];
            return (
              <li key={service.type} className="rq-services__item">
                <span className="rq-services__name">{label}</span>
                <span className="rq-services__rate">{formatRate(service)}</span>
                {canBook && (
                  <Button size="sm" onClick={() => book(service.type)} aria-label={`Book ${label}`}>
                    Book
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Link href={athletePath(athlete)} className="hd-link rq-services__back">
        {athlete.intro_video ? `Watch ${firstName}'s intro video` : `Back to ${firstName}'s profile`}
      </Link>
      <AccountPrompt
        open={prompt.open}
        service={prompt.service}
        athleteFirstName={firstName}
        returnTo={prompt.service ? bookingPath(athlete.athlete_id, prompt.service) : null}
        onClose={() => setPrompt((current) => ({ ...current, open: false }))}
      />
    </section>
  );
}
