import sharp from 'sharp';
import { LIMITS, PHOTO_VARIANTS } from '@huddle/domain';
import type { PhotoVariant } from '@huddle/domain';

const WEBP_CONTENT_TYPE = 'image/webp';

export interface EncodedVariant {
  variant: PhotoVariant;
  data: Buffer;
  contentType: typeof WEBP_CONTENT_TYPE;
  width: number;
  height: number;
}

// About half the bytes of the JPEG (quality 85) it is made from, with no difference a card shows.
const WEBP_QUALITY = 80;

/**
 * The copies a photo `width` px wide gets: the same size always, the small one only when the photo
 * is wider than it (a smaller photo's small copy would be the same picture again).
 */
export function variantsOfPhoto(width: number): PhotoVariant[] {
  return (Object.keys(PHOTO_VARIANTS) as PhotoVariant[]).filter((variant) => {
    const variantWidth = PHOTO_VARIANTS[variant].width;
    return variantWidth === null || width > variantWidth;
  });
}

/**
 * Encodes one WebP copy of a stored photo. Stored photos were already re-encoded by the server
 * (orientation applied, metadata dropped), so the copy only changes format and, for the small one,
 * size; alpha of a PNG is kept.
 */
export async function encodePhotoVariant(photo: Buffer, variant: PhotoVariant): Promise<EncodedVariant> {
  const { width } = PHOTO_VARIANTS[variant];
  const source = sharp(photo, { failOn: 'error', limitInputPixels: LIMITS.image.maxPixels });
  const resized = width === null ? source : source.resize({ width, withoutEnlargement: true });
  const { data, info } = await resized.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
  return { variant, data, contentType: WEBP_CONTENT_TYPE, width: info.width, height: info.height };
}
