import { useState } from 'react';
import { MESSAGES } from '@huddle/domain';
import { useShell, useSignedVideoReload } from '@huddle/ui';
import type { RequestView } from '../api/requests-api';

/** 'Your shoutout' for its parties; the administrator reads about the request ('The delivered shoutout'). */
export function videoTitle(request: Pick<RequestView, 'type' | 'viewer'>): string {
  if (request.viewer === 'admin') return request.type === 'shoutout' ? 'The delivered shoutout' : 'The delivered video';
  return request.type === 'shoutout' ? 'Your shoutout' : 'The video';
}

/**
 * The delivered video (spec §2's video player with a watermark). The API streams the requester a
 * watermarked copy until the request is finished and reviewed, and the player overlays Huddle's
 * mark for the requester from delivery on (spec §6); the athlete sees their own video unmarked.
 * The player loads video.url, which answers with a signed URL that expires within minutes: when
 * it has expired on an open page, the player asks again and resumes.
 */
export function RequestVideo({ request }: { request: RequestView }) {
  const { apiBase } = useShell();
  const [failed, setFailed] = useState(false);
  const reload = useSignedVideoReload(() => setFailed(true));
  const video = request.video;
  if (!video) return null;
  const base = apiBase.replace(/\/+$/, '');
  const marked = request.viewer === 'requester';
  return (
    <section className="hd-panel req-video" aria-labelledby="req-video-title">
      <h2 className="hd-panel__title" id="req-video-title">
        {videoTitle(request)}
      </h2>
      <div className="req-player">
        {/* Cookies travel with media requests, so the API knows who watches. */}
        <video
          className="req-player__video"
          controls
          playsInline
          preload="metadata"
          src={`${base}/${video.url}`}
          onError={reload.onError}
          onPlaying={() => {
            reload.onPlaying();
            setFailed(false);
          }}
        />
        {marked && (
          <span className="hd-watermark" aria-hidden="true">
            HUDDLE
          </span>
        )}
      </div>
      {failed && (
        <p className="hd-muted req-video__note" role="alert">
          {MESSAGES.unableToLoadVideo}
        </p>
      )}
      {marked && video.watermarked && <p className="hd-muted req-video__note">You get the video without the watermark once you have approved and reviewed it.</p>}
    </section>
  );
}
