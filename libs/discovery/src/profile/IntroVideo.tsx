import { useEffect, useRef, useState } from 'react';
import { LIMITS, MESSAGES } from '@huddle/domain';

export interface IntroVideoProps {
  src: string;
  /** The athlete's photo, shown until the video plays. */
  poster: string | null;
  /** The athlete's name, for the player's accessible name. */
  name: string;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The athlete's intro video: muted, inline, with controls. It starts playing 200 ms after it
 * appears (spec §9), so a visitor passing through the page does not start a download in vain;
 * visitors who ask for reduced motion start it themselves.
 */
export function IntroVideo({ src, poster, name }: IntroVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element || prefersReducedMotion()) return undefined;
    const timer = window.setTimeout(() => {
      // A browser may refuse to autoplay (data saver, a policy); the controls stay for the visitor.
      element.play().catch(() => undefined);
    }, LIMITS.videoPlayDelayMs);
    return () => window.clearTimeout(timer);
  }, [src]);

  if (failed) {
    return (
      <div className="rq-video rq-video--failed">
        {poster && <img src={poster} alt="" fetchPriority="high" />}
        <p className="rq-video__error">{MESSAGES.unableToLoadVideo}</p>
      </div>
    );
  }

  return (
    <div className="rq-video">
      <video
        ref={video}
        src={src}
        poster={poster ?? undefined}
        muted
        playsInline
        controls
        preload="metadata"
        aria-label={`Intro video of ${name}`}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
