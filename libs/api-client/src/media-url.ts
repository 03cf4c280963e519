import { photoVariantPaths } from '@huddle/domain';

// Absolute URLs (S3, a CDN) and local previews are used as they are.
const NOT_OURS = /^(?:https?:|blob:|data:)/i;
// A photo the API stores is served under its base at /media/images/<name>.
const STORED_PHOTO = /(?:^|\/)media\/images\/[^/]+$/;

/**
 * The browser URL of a stored file. The API answers paths such as '/media/abc.jpg' under its own
 * base (GET /media/<key>); absolute URLs (S3, a CDN) and local previews pass through.
 */
export function mediaUrl(apiBase: string, path: string | null | undefined): string | null {
  if (!path) return null;
  if (NOT_OURS.test(path)) return path;
  const base = apiBase.replace(/\/+$/, '');
  if (path.startsWith(`${base}/`)) return path;
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** A photo's URL and, for photos the API stores, its WebP copies for a <picture>'s srcset. */
export interface MediaImageSources {
  /** The photo as stored (JPEG or PNG): what an <img> falls back to. */
  src: string;
  /** The same size in WebP; null when the photo has no copies (not stored by the API, not a photo). */
  webp: string | null;
  /** 160 px wide in WebP (the same-size copy for a photo no wider); null as `webp`. */
  webpSmall: string | null;
}

/**
 * The URLs of a photo and of the WebP copies the API keeps beside every photo it stores (GET
 * /media/images/<id>.webp and <id>-w160.webp, made on demand for older photos, @huddle/domain
 * PHOTO_VARIANTS). Anything else (absolute URLs, local previews, videos) has no copies.
 */
export function mediaImageSources(apiBase: string, path: string | null | undefined): MediaImageSources | null {
  const src = mediaUrl(apiBase, path);
  if (!src || !path) return null;
  const variants = !NOT_OURS.test(path) && STORED_PHOTO.test(src) ? photoVariantPaths(src) : null;
  return { src, webp: variants?.webp ?? null, webpSmall: variants?.webpSmall ?? null };
}
