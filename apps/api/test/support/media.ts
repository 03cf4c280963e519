import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

export const FIXTURES = join(__dirname, '..', 'fixtures');

/** A committed fixture file (see test/fixtures/README.md for how each was made). */
export function fixture(name: string): Buffer {
  return readFileSync(join(FIXTURES, name));
}

/** A real image made by sharp: a colour field with a contrasting disc, so crops are visible. */
export async function makeImage(width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp'): Promise<Buffer> {
  const radius = Math.floor(Math.min(width, height) / 3);
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="${width}" height="${height}" fill="#0f766e"/>` +
      `<circle cx="${Math.floor(width / 2)}" cy="${Math.floor(height / 2)}" r="${radius}" fill="#f97316"/></svg>`,
  );
  const image = sharp(svg);
  if (format === 'png') return image.png().toBuffer();
  if (format === 'jpeg') return image.jpeg({ quality: 90 }).toBuffer();
  if (format === 'gif') return image.gif().toBuffer();
  return image.webp().toBuffer();
}

/** A JPEG that carries EXIF orientation and a copyright note, as phone photos carry location and camera data. */
export async function makeJpegWithMetadata(width: number, height: number): Promise<Buffer> {
  return sharp(await makeImage(width, height, 'jpeg'))
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Copyright: 'Huddle test photographer', Software: 'Huddle fixtures' } })
    .jpeg()
    .toBuffer();
}
