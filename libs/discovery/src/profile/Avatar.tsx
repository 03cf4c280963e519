import { useState } from 'react';
import { mediaUrl } from '@huddle/api-client';

/** A small round photo, or the initials when there is none or it fails to load. */
export function Avatar({ photo, initials, apiBase }: { photo: string | null; initials: string; apiBase: string }) {
  const [failed, setFailed] = useState(false);
  const src = failed ? null : mediaUrl(apiBase, photo);
  return (
    <span className="rq-avatar" aria-hidden="true">
      {src ? <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} /> : initials}
    </span>
  );
}
