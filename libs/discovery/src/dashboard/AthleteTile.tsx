import { useState } from 'react';
import { Link } from 'wouter';
import { PHOTO_SIZES } from '@huddle/domain';
import { ENDORSEMENT_FROM, endorsementRate, formatRating } from '@huddle/domain/format';
import { mediaImageSources } from '@huddle/api-client';
import { StarRating } from '@huddle/ui';
import type { AthleteCard } from '../api/discovery-types';
import { athleteInitials, athleteName, athletePath, cardPhoto } from '../athlete-card';
import { Photo } from '../photo/Photo';

/** How many cards load their photo at once, at high priority: a desktop's first row (the server preloads a phone's first row, the first two). */
export const PRIORITY_CARDS = 4;

/**
 * One athlete of the grid: a link to /@{username}, named by what it shows (WCAG 2.5.3: a voice
 * user says what they see). The name comes first in the markup, so assistive technology reads
 * 'Jordan Miles, Basketball, Towson University…'; the sport is drawn above it by CSS order.
 */
export function AthleteTile({ athlete, apiBase, priority = false }: { athlete: AthleteCard; apiBase: string; priority?: boolean }) {
  const [photoFailed, setPhotoFailed] = useState(false);
  const photo = photoFailed ? null : mediaImageSources(apiBase, cardPhoto(athlete));
  const price = endorsementRate(athlete.endorsement_rate);

  return (
    <li className="rq-grid__item">
      <Link href={athletePath(athlete)} className="rq-card">
        <span className="rq-card__photo">
          {photo ? (
            <Photo
              sources={photo}
              sizes={PHOTO_SIZES.card}
              alt=""
              // The first cards are the first screen's largest paint: fetched at once and first;
              // the rest only as they scroll into view.
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : 'auto'}
              decoding="async"
              onError={() => setPhotoFailed(true)}
            />
          ) : (
            <span className="rq-card__initials" aria-hidden="true">
              {athleteInitials(athlete)}
            </span>
          )}
        </span>
        <span className="rq-card__body">
          <span className="rq-card__name">{athleteName(athlete)}</span>
          {athlete.sports_played && <span className="rq-card__sport">{athlete.sports_played}</span>}
          <span className="rq-card__details">
            {athlete.school_name && <span className="rq-card__school">{athlete.school_name}</span>}
            {athlete.rating !== null && (
              <span className="rq-card__rating">
                <StarRating value={athlete.rating} size="sm" />
                <span aria-hidden="true">{formatRating(athlete.rating)}</span>
                {athlete.reviews_count > 0 && (
                  <span className="rq-card__count">
                    ({athlete.reviews_count}
                    <span className="hd-visually-hidden"> {athlete.reviews_count === 1 ? 'review' : 'reviews'}</span>)
                  </span>
                )}
              </span>
            )}
            {price && (
              <span className="rq-card__price">
                {ENDORSEMENT_FROM} <strong>{price}</strong>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
