/**
 * The WebP copies the API keeps beside every stored photo (issue 14), named after the photo's own
 * key so that a browser knows their URLs from the photo's path alone:
 *   images/<id>.jpg (or .png)  the photo as stored, JPEG or PNG: every browser shows it;
 *   images/<id>.webp           the same size in WebP;
 *   images/<id>-w160.webp      160 px wide for small renderings (avatars); for a photo no wider
 *                              than that, the same picture as the same-size copy.
 * The API makes both when it stores a photo, and on the first request for photos stored before.
 */
export const PHOTO_VARIANTS = {
  webp: { suffix: '.webp', width: null },
  webpSmall: { suffix: '-w160.webp', width: 160 },
} as const;

export type PhotoVariant = keyof typeof PHOTO_VARIANTS;

// The width a srcset announces for the same-size copy: the dashboard crop, the smallest photo shown
// large. A larger photo announced as 320w is still the one picked for anything above 160 px.
const SAME_SIZE_NOMINAL_WIDTH = 320;

/**
 * How wide the screens render photos, as a srcset's `sizes` (CSS in libs/discovery): a card is half
 * a phone in two columns, a third of a tablet, about 220 px in the desktop's five; the profile's
 * portrait is the phone's width or 340 px beside the tabs; an avatar 40 px. The shell's server
 * preloads the first photos with the same srcset and sizes, so the browser asks for the same copy once.
 */
export const PHOTO_SIZES = {
  card: '(min-width: 960px) 220px, (min-width: 640px) 31vw, 50vw',
  portrait: '(min-width: 900px) 340px, 100vw',
  avatar: '40px',
} as const;

// A stored photo: a name under an images/ folder (a key, a media path or a URL), JPEG or PNG.
const STORED_PHOTO = /^(.*(?:^|\/)images\/[^/.?#]+)\.(?:jpe?g|png)$/i;

/** Where the copies of a stored photo are (in the form of the path given), or null when it is not one. */
export function photoVariantPaths(photoPath: string): Record<PhotoVariant, string> | null {
  const photo = STORED_PHOTO.exec(photoPath);
  return photo && { webp: photo[1] + PHOTO_VARIANTS.webp.suffix, webpSmall: photo[1] + PHOTO_VARIANTS.webpSmall.suffix };
}

/** The copies as a srcset, small first: what a <picture>'s WebP source and a preload's imagesrcset carry. */
export function photoSrcSet(copies: Record<PhotoVariant, string>): string {
  return `${copies.webpSmall} ${PHOTO_VARIANTS.webpSmall.width}w, ${copies.webp} ${SAME_SIZE_NOMINAL_WIDTH}w`;
}
