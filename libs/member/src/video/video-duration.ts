/**
 * The duration of a picked video in seconds, read from a detached <video> element's metadata, so
 * the 30-second rule is checked before anything is uploaded.
 */
export function readVideoDuration(file: Blob): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = () => {
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      video.load();
    };
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      const { duration } = video;
      done();
      resolve(duration);
    };
    video.onerror = () => {
      done();
      reject(new Error('The video could not be read'));
    };
    video.src = url;
  });
}
