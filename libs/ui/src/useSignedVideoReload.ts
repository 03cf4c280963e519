import { useCallback, useRef } from 'react';
import type { SyntheticEvent } from 'react';
import { reloadFailedVideo } from './signed-video';

/**
 * Handlers for a <video> played from an API route that redirects to a short-lived signed URL:
 * onError loads the route again (reloadFailedVideo), onPlaying counts the video as healthy again.
 * `onGiveUp` runs when it failed too often in a row to try again.
 */
export function useSignedVideoReload(onGiveUp?: () => void): {
  onError: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onPlaying: () => void;
} {
  const failures = useRef(0);
  const onError = useCallback(
    (event: SyntheticEvent<HTMLVideoElement>) => {
      if (reloadFailedVideo(event.currentTarget, failures.current)) failures.current += 1;
      else onGiveUp?.();
    },
    [onGiveUp],
  );
  const onPlaying = useCallback(() => {
    failures.current = 0;
  }, []);
  return { onError, onPlaying };
}
