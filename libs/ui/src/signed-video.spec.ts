import { MAX_VIDEO_RELOADS, reloadFailedVideo } from './signed-video';
import type { ReloadableVideo } from './signed-video';

/** A stand-in for the browser's <video>: it records loads and fires loadedmetadata on demand. */
function videoAt(currentTime: number, paused: boolean) {
  let onMetadata: (() => void) | null = null;
  const video: ReloadableVideo & { loads: number; plays: number; metadata(): void } = {
    currentTime,
    paused,
    loads: 0,
    plays: 0,
    load() {
      this.loads += 1;
      this.currentTime = 0;
    },
    play() {
      this.plays += 1;
      return Promise.resolve();
    },
    addEventListener(_type, listener) {
      onMetadata = listener;
    },
    metadata() {
      onMetadata?.();
    },
  };
  return video;
}

describe('reloadFailedVideo', () => {
  it('loads the route again and puts a playing viewer back where they were', () => {
    const video = videoAt(42.5, false);
    expect(reloadFailedVideo(video, 0)).toBe(true);
    expect(video.loads).toBe(1);
    video.metadata();
    expect(video.currentTime).toBe(42.5);
    expect(video.plays).toBe(1);
  });

  it('leaves a paused video paused at its place', () => {
    const video = videoAt(7, true);
    expect(reloadFailedVideo(video, 1)).toBe(true);
    video.metadata();
    expect([video.currentTime, video.plays]).toEqual([7, 0]);
  });

  it('gives up after failing too often in a row, so a video that is gone shows its error', () => {
    const video = videoAt(0, true);
    expect(reloadFailedVideo(video, MAX_VIDEO_RELOADS)).toBe(false);
    expect(video.loads).toBe(0);
  });
});
