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

/** Whether a picked file is of a type in `types`, or, when the browser gave it none, has one of `extensions`. */
function isPickedOf(file: PickedFile, types: { mimeTypes: readonly string[]; extensions: readonly string[] }): boolean {
  return file.type ? types.mimeTypes.includes(file.type.toLowerCase()) : types.extensions.includes(extensionOf(file.name));
}

/** A file picker's `accept` for a profile photo: jpg, jpeg, png and HEIC (spec §5), by extension and type. */
export const PROFILE_IMAGE_ACCEPT = [LIMITS.image, LIMITS.convertedImage]
  .flatMap((types) => [...types.extensions.map((extension) => `.${extension}`), ...types.mimeTypes])
  .join(',');

/**
 * A HEIC photo (spec §5: converted to JPEG). Browsers give it `image/heic` or `image/heif`, or
 * no type at all (Chromium), so the extension decides when the type says nothing.
 */
export function isConvertedImage(file: PickedFile): boolean {
  return isPickedOf(file, LIMITS.convertedImage);
}

/**
 * The profile image rule (spec §5): jpg, jpeg or png, and HEIC, which is converted to JPEG.
 * Browsers leave `type` empty for some files, so the extension decides when the type says
 * nothing. Null when the image is acceptable.
 */
export function profileImageProblem(file: PickedFile | null | undefined): string | null {
  if (!file) return MESSAGES.choosePhoto;
  if (!isPickedOf(file, LIMITS.image) && !isConvertedImage(file)) return MESSAGES.imageWrongType;
  return null;
}

/** Whether a browser's type names an mp4 or quicktime video (spec §5), by its base type ('video/mp4;codecs=...'). */
function isAcceptedVideoType(type: string): boolean {
  return (LIMITS.video.mimeTypes as readonly string[]).includes(type.split(';')[0].trim().toLowerCase());
}

/**
 * The intro video rules (spec §5, §9): mp4 or quicktime, at most 2044 MB, at most 30 seconds,
 * each with its own message. The duration is checked once the browser has read the file's
 * metadata; pass undefined before that. Null when the video is acceptable.
 */
export function introVideoProblem(file: PickedFile | null | undefined, durationSeconds?: number): string | null {
  if (!file) return MESSAGES.chooseVideo;
  if (!isAcceptedVideoType(file.type)) return MESSAGES.videoWrongType;
  if (file.size > LIMITS.video.maxMegabytes * BYTES_PER_MEGABYTE) return MESSAGES.videoTooLarge;
  if (durationSeconds !== undefined && !(durationSeconds <= LIMITS.video.maxSeconds)) return MESSAGES.videoTooLong;
  return null;
}

/**
 * A delivery video chosen from a file (spec §5: mp4 or quicktime; no duration limit; its size limit
 * is the server's DELIVERY_VIDEO_MAX_MB). A type with parameters ('video/mp4;codecs=...') counts by
 * its base type; an empty type (some browsers) is left to the server's check of the content.
 */
export function deliveryVideoProblem(file: PickedFile | null | undefined): string | null {
  if (!file) return MESSAGES.chooseVideo;
  if (file.type !== '' && !isAcceptedVideoType(file.type)) return MESSAGES.videoWrongType;
  return null;
}

/**
 * What the camera records a delivery in, best first: mp4 only, since Huddle takes mp4 or quicktime
 * (Safari records H.264 with AAC; Chrome and Edge from 126 H.264 with Opus). A browser that can
 * record none of them (Firefox writes WebM only) is asked to choose a file instead.
 */
export const RECORDING_TYPES = ['video/mp4;codecs=avc1.42E01E,mp4a.40.2', 'video/mp4;codecs=avc1,mp4a.40.2', 'video/mp4;codecs=avc1,opus', 'video/mp4'] as const;
