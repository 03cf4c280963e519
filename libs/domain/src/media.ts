import { LIMITS } from './limits';
import { BYTES_PER_MEGABYTE } from './media-content';
import { MESSAGES } from './messages';

/** What a browser knows of a picked file before reading it. */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The profile image rule (spec §5): jpg, jpeg or png. Browsers leave `type` empty for some
 * files, so the extension decides when the type says nothing. Null when the image is acceptable.
 */
export function profileImageProblem(file: PickedFile | null | undefined): string | null {
  if (!file) return MESSAGES.choosePhoto;
  const typeOk = (LIMITS.image.mimeTypes as readonly string[]).includes(file.type);
  const extensionOk = (LIMITS.image.extensions as readonly string[]).includes(extensionOf(file.name));
  if (file.type ? !typeOk : !extensionOk) return MESSAGES.imageWrongType;
  return null;
}

/**
 * The intro video rules (spec §5, §9): mp4 or quicktime, at most 2044 MB, at most 30 seconds,
 * each with its own message. The duration is checked once the browser has read the file's
 * metadata; pass undefined before that. Null when the video is acceptable.
 */
export function introVideoProblem(file: PickedFile | null | undefined, durationSeconds?: number): string | null {
  if (!file) return MESSAGES.chooseVideo;
  if (!(LIMITS.video.mimeTypes as readonly string[]).includes(file.type)) return MESSAGES.videoWrongType;
  if (file.size > LIMITS.video.maxMegabytes * BYTES_PER_MEGABYTE) return MESSAGES.videoTooLarge;
  if (durationSeconds !== undefined && !(durationSeconds <= LIMITS.video.maxSeconds)) return MESSAGES.videoTooLong;
  return null;
}
