import { LIMITS } from './limits';

/**
 * What a file is, judged by its first bytes rather than by its name or the type a browser
 * declared (spec §5: jpg, jpeg or png images, HEIC converted to JPEG; mp4 or quicktime videos).
 * A renamed file is what its content says it is.
 */
export type SniffedImage = 'jpeg' | 'png' | 'heic';
export type SniffedVideo = 'mp4' | 'quicktime';

/** Bytes a caller should collect before sniffing: enough for an ftyp box with many brands. */
export const SNIFF_HEAD_BYTES = 64;

/** The server's default ceiling for one uploaded image; the spec leaves it open. */
export const IMAGE_UPLOAD_MAX_MEGABYTES = 20;

export const BYTES_PER_MEGABYTE = 1024 * 1024;

export const VIDEO_CONTENT_TYPES: Record<SniffedVideo, string> = { mp4: 'video/mp4', quicktime: 'video/quicktime' };

const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// HEVC-coded HEIF brands (iPhone photos) and the generic HEIF brands.
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);
// AV1 images share the HEIF container but are not among the accepted types.
const AVIF_BRANDS = new Set(['avif', 'avis']);

// ISO base media brands of MPEG-4 video (phones, cameras, encoders, browsers' recorders).
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9',
  'mp41', 'mp42', 'mp71', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'dash', 'msnv', 'MSNV', 'mmp4', 'MiNi',
]);
const QUICKTIME_BRAND = 'qt  ';
// Audio-only and still-image members of the same family: an ftyp that leads with one is no video.
const NOT_VIDEO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', ...HEIC_BRANDS, ...GENERIC_HEIF_BRANDS, ...AVIF_BRANDS]);
// Classic QuickTime movies may start with one of these atoms instead of an ftyp box.
const CLASSIC_QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

function startsWith(head: Uint8Array, signature: readonly number[]): boolean {
  return head.length >= signature.length && signature.every((byte, index) => head[index] === byte);
}

function fourCc(head: Uint8Array, offset: number): string {
  return String.fromCharCode(head[offset], head[offset + 1], head[offset + 2], head[offset + 3]);
}

interface FileTypeBox {
  major: string;
  brands: string[];
}

/** The ftyp box at the start of an ISO base media file (MP4, QuickTime, HEIF), if there is one. */
function fileTypeBox(head: Uint8Array): FileTypeBox | null {
  if (head.length < 16 || fourCc(head, 4) !== 'ftyp') return null;
  const size = ((head[0] << 24) | (head[1] << 16) | (head[2] << 8) | head[3]) >>> 0;
  const end = Math.min(size, head.length);
  if (size < 16) return null;
  const major = fourCc(head, 8);
  const brands = [major];
  // Bytes 12..15 hold the minor version; compatible brands follow, four bytes each.
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(fourCc(head, offset));
  return { major, brands };
}

export function sniffImage(head: Uint8Array): SniffedImage | null {
  if (startsWith(head, JPEG_SIGNATURE)) return 'jpeg';
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  const ftyp = fileTypeBox(head);
  if (!ftyp || ftyp.brands.some((brand) => AVIF_BRANDS.has(brand))) return null;
  if (ftyp.brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  return GENERIC_HEIF_BRANDS.has(ftyp.major) ? 'heic' : null;
}

export function sniffVideo(head: Uint8Array): SniffedVideo | null {
  const ftyp = fileTypeBox(head);
  if (ftyp) {
    if (ftyp.major === QUICKTIME_BRAND) return 'quicktime';
    if (NOT_VIDEO_BRANDS.has(ftyp.major)) return null;
    if (MP4_BRANDS.has(ftyp.major)) return 'mp4';
    if (ftyp.brands.includes(QUICKTIME_BRAND)) return 'quicktime';
    return ftyp.brands.some((brand) => MP4_BRANDS.has(brand)) ? 'mp4' : null;
  }
  return head.length >= 8 && CLASSIC_QUICKTIME_ATOMS.has(fourCc(head, 4)) ? 'quicktime' : null;
}

/**
 * The intro video's type, size and duration limits are configuration values (spec §9); their
 * messages name the limits in force, and at the defaults they read as MESSAGES does.
 */
export interface VideoLimits {
  maxMegabytes: number;
  maxSeconds: number;
}

export const DEFAULT_VIDEO_LIMITS: VideoLimits = { maxMegabytes: LIMITS.video.maxMegabytes, maxSeconds: LIMITS.video.maxSeconds };

export function videoTooLargeMessage(maxMegabytes: number = DEFAULT_VIDEO_LIMITS.maxMegabytes): string {
  return `Video must be at most ${maxMegabytes} MB`;
}

export function videoTooLongMessage(maxSeconds: number = DEFAULT_VIDEO_LIMITS.maxSeconds): string {
  return `Video must be at most ${maxSeconds} seconds long`;
}

export function imageTooLargeMessage(maxMegabytes: number = IMAGE_UPLOAD_MAX_MEGABYTES): string {
  return `Image must be at most ${maxMegabytes} MB`;
}
