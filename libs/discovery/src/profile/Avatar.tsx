import { useState } from 'react';
import { mediaImageSources } from '@huddle/api-client';
import { PHOTO_SIZES } from '@huddle/domain';
import { Photo } from '../photo/Photo';

/** A small round photo, or the initials when there is none or it fails to load. */
export function Avatar({ photo, initials, apiBase }: { photo: string | null; initials: string; apiBase: string }) {
  const [failed, setFailed] = useState(false);
  const sources = failed ? null : mediaImageSources(apiBase, photo);
  return (
    <span className="rq-avatar" aria-hidden="true">
      {sources ? <Photo sources={sources} sizes={PHOTO_SIZES.avatar} alt="" loading="lazy" onError={() => setFailed(true)} /> : initials}
    </span>
  );
}
