import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { SharpOptions } from 'sharp';
import { LIMITS } from '@huddle/domain';
import type { SniffedImage } from '@huddle/domain';
import { heicDecoder, HeicDecoderBusyError, HeicDecoderFailedError } from './heic-decoder';

/**
 * What an image becomes: the two crops of spec §9 (a square profile photo, the athlete's 8:11
 * dashboard photo) or a converted HEIC photo, whole, for the cropper.
 */
export interface ImageTarget {
  width: number;
  height: number;
  /**
   * 'exact': always width x height, cut to fill; 'square': a square no larger than width, never
   * enlarged; 'whole': all of the picture within width x height, never enlarged.
   */
  fit: 'exact' | 'square' | 'whole';
}

export interface ProcessedImage {
  data: Buffer;
  format: 'jpeg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  width: number;
  height: number;
}

const JPEG_QUALITY = 85;

export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('The image could not be decoded', { cause });
    this.name = 'UnreadableImageError';
  }
}

/** An image whose header declares more pixels than LIMITS.image.maxPixels: refused before it is decoded. */
export class ImageTooManyPixelsError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`The image declares ${width}x${height} pixels, above ${LIMITS.image.maxPixels}`);
    this.name = 'ImageTooManyPixelsError';
  }
}

/**
 * A compressed image of a few kilobytes can declare 16000x16000 pixels, a gigabyte once decoded.
 * The header is read without decoding (sharp's metadata, also for HEIF), so such a file is refused
 * before heic-decode or libvips allocate anything; sharp's own limitInputPixels stays as a second bound.
 */
async function checkPixelCount(sourcePath: string): Promise<void> {
  let width = 0;
  let height = 0;
  try {
    ({ width = 0, height = 0 } = await sharp(sourcePath, { limitInputPixels: false }).metadata());
  } catch (error) {
    throw new UnreadableImageError(error);
  }
  if (width * height > LIMITS.image.maxPixels) throw new ImageTooManyPixelsError(width, height);
}

/**
 * sharp's prebuilt libvips reads HEIF but not its HEVC coding (patents keep the decoder out), so
 * iPhone photos are decoded by heic-decode (libheif compiled to WebAssembly, which turns them
 * upright) first, on a thread of its own, one at a time (heic-decoder.ts), and sharp takes the
 * pixels as they are: no intermediate JPEG, which cost an encode in plain JavaScript on the event
 * loop and a second generation of compression.
 */
async function decodableInput(sourcePath: string, type: SniffedImage): Promise<{ input: Buffer; options: SharpOptions }> {
  const original = await readFile(sourcePath);
  const options: SharpOptions = { limitInputPixels: LIMITS.image.maxPixels };
  if (type !== 'heic') return { input: original, options };
  const { width, height, data } = await heicDecoder.decode(original);
  return { input: Buffer.from(data.buffer, data.byteOffset, data.byteLength), options: { ...options, raw: { width, height, channels: 4 } } };
}

/**
 * Re-encodes an uploaded image so the server stores only what an image library produced: the
 * EXIF orientation applied, metadata (location, camera) dropped, the size normalised. PNG stays
 * PNG (it may carry transparency); JPEG and HEIC become JPEG.
 */
export async function processImage(sourcePath: string, type: SniffedImage, target: ImageTarget): Promise<ProcessedImage> {
  await checkPixelCount(sourcePath);
  try {
    const { input, options } = await decodableInput(sourcePath, type);
    const oriented = sharp(input, { ...options, failOn: 'error' }).rotate();
    const { width = 0, height = 0 } = await sharp(input, options).metadata();
    const side = Math.max(1, Math.min(target.width, width, height));
    const resized =
      target.fit === 'exact'
        ? oriented.resize(target.width, target.height, { fit: 'cover' })
        : target.fit === 'square'
          ? oriented.resize(side, side, { fit: 'cover' })
          : oriented.resize(target.width, target.height, { fit: 'inside', withoutEnlargement: true });
    const format = type === 'png' ? 'png' : 'jpeg';
    const encoded = format === 'png' ? resized.png({ compressionLevel: 9 }) : resized.jpeg({ quality: JPEG_QUALITY, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      data,
      format,
      contentType: format === 'png' ? 'image/png' : 'image/jpeg',
      extension: format === 'png' ? 'png' : 'jpg',
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    // Too many photos waiting, or the decoder itself failing, is not the photo's fault: the caller says "try again".
    if (error instanceof HeicDecoderBusyError || error instanceof HeicDecoderFailedError) throw error;
    throw new UnreadableImageError(error);
  }
}
