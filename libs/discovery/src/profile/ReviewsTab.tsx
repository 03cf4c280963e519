import { MESSAGES } from '@huddle/domain';
import { formatDate, formatRating, isoDate, reviewsText } from '@huddle/domain/format';
import { EmptyView, StarRating, useHydrated } from '@huddle/ui';
import type { AthleteProfile, AthleteReview } from '../api/discovery-types';
import { Avatar } from './Avatar';

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase());
  return letters.join('') || '?';
}

/** Reviews (spec §2, §3): stars, reviewer name and image, date and comment; newest first as the API sends them. */
export function ReviewsTab({ athlete, reviews, apiBase }: { athlete: AthleteProfile; reviews: readonly AthleteReview[]; apiBase: string }) {
  // In the viewer's time zone once the page is theirs; a first screen rendered on the server, and its hydration, in UTC.
  const inViewerZone = useHydrated();
  if (reviews.length === 0) return <EmptyView icon="inbox" text={MESSAGES.noReviews} />;
  return (
    <div className="hd-panel">
      {athlete.rating !== null && (
        <div className="rq-reviews__summary">
          <span className="rq-reviews__score">{formatRating(athlete.rating)}</span>
          <div>
            <StarRating value={athlete.rating} />
            <p className="hd-muted">{reviewsText(athlete.reviews_count || reviews.length)}</p>
          </div>
        </div>
      )}
      <ul className="rq-reviews">
        {reviews.map((review, index) => {
          const date = formatDate(review.submitted_at, inViewerZone);
          return (
            <li key={`${review.submitted_at}-${index}`} className="rq-review">
              <Avatar photo={review.reviewer_image} initials={initialsOf(review.reviewer_name)} apiBase={apiBase} />
              <div className="rq-review__body">
                <div className="rq-review__head">
                  <span className="rq-review__name">{review.reviewer_name}</span>
                  {date && (
                    <time className="rq-review__date" dateTime={isoDate(review.submitted_at)}>
                      {date}
                    </time>
                  )}
                </div>
                <StarRating value={review.rate} size="sm" />
                {review.comment && <p className="rq-review__comment">{review.comment}</p>}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
