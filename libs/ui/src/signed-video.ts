/** What reloading needs of a <video> element. */
export interface ReloadableVideo {
  currentTime: number;
  readonly paused: boolean;
  load(): void;
  play(): Promise<void>;
  addEventListener(type: 'loadedmetadata', listener: () => void, options: { once: true }): void;
}

/** Failures in a row after which a video shows its error instead of loading again. */
export const MAX_VIDEO_RELOADS = 2;

/**
 * A <video> whose src is an API route that answers with a short-lived signed URL (a delivered
 * request video: the request page, a watch link) fails once that URL expires while the page stays
 * open, since the browser keeps asking the URL it was redirected to. Loading the route again gets
 * a fresh URL; the viewer is put back where they were, playing if they were. Answers whether it
 * reloaded: not after MAX_VIDEO_RELOADS failures in a row, so a video that is gone stays failed.
 */
export function reloadFailedVideo(video: ReloadableVideo, failuresInARow: number): boolean {
  if (failuresInARow >= MAX_VIDEO_RELOADS) return false;
  const position = video.currentTime;
  const playing = !video.paused;
  video.addEventListener(
    'loadedmetadata',
    () => {
      video.currentTime = position;
      // A browser may refuse to resume without a gesture; the controls stay for the viewer.
      if (playing) video.play().catch(() => undefined);
    },
    { once: true },
  );
  video.load();
  return true;
}
