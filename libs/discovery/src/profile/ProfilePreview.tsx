import { useId, useState } from 'react';
import { mediaImageSources, mediaUrl } from '@huddle/api-client';
import type { MediaImageSources } from '@huddle/api-client';
import { PHOTO_SIZES } from '@huddle/domain';
import { formatRating, reviewsText } from '@huddle/domain/format';
import { Button, StarRating, useShell } from '@huddle/ui';
import type { AthleteProfile } from '../api/discovery-types';
import { athleteInitials, athleteName, athleteServicesPath, cardPhoto } from '../athlete-card';
import { Photo } from '../photo/Photo';
import { IntroVideo } from './IntroVideo';
import { ProfileLink } from './ProfileLink';

function Portrait({ sources, athlete }: { sources: MediaImageSources | null; athlete: AthleteProfile }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="rq-video rq-video--photo">
      {sources && !failed ? (
        <Photo sources={sources} sizes={PHOTO_SIZES.portrait} alt="" fetchPriority="high" onError={() => setFailed(true)} />
      ) : (
        <span className="rq-video__initials" aria-hidden="true">
          {athleteInitials(athlete)}
        </span>
      )}
    </div>
  );
}

/** /@{username}: the intro video, rating, the Services button and the shareable link. */
export function ProfilePreview({ athlete, apiBase }: { athlete: AthleteProfile; apiBase: string }) {
  const { navigate } = useShell();
  const headingId = useId();
  const video = mediaUrl(apiBase, athlete.intro_video);
  const poster = mediaUrl(apiBase, cardPhoto(athlete));
  const name = athleteName(athlete);

  return (
    <section className="hd-panel rq-preview" aria-labelledby={headingId}>
      <h2 id={headingId} className="hd-visually-hidden">
        Intro
      </h2>
      {video ? <IntroVideo src={video} poster={poster} name={name} /> : <Portrait sources={mediaImageSources(apiBase, cardPhoto(athlete))} athlete={athlete} />}
      <div className="rq-preview__body">
        <div className="rq-preview__rating">
          {athlete.rating !== null ? (
            <>
              <StarRating value={athlete.rating} />
              <strong>{formatRating(athlete.rating)}</strong>
              <span className="hd-muted">· {reviewsText(athlete.reviews_count)}</span>
            </>
          ) : (
            <span className="hd-muted">No ratings yet</span>
          )}
        </div>
        <Button variant="accent" block onClick={() => navigate(athleteServicesPath(athlete))}>
          Services
        </Button>
        {athlete.username && <ProfileLink username={athlete.username} />}
      </div>
    </section>
  );
}
