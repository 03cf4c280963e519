import { cropDrawArgs, type PixelArea } from './crop-geometry';

const JPEG_QUALITY = 0.9;

export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The photo could not be read'));
    image.src = url;
  });
}

/** Draws the chosen area of the image at the output size and encodes it as a JPEG. */
export async function renderCrop(image: HTMLImageElement, area: PixelArea, output: { width: number; height: number }): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = output.width;
  canvas.height = output.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop photos');
  // JPEG has no transparency: an area past the photo's edges becomes white rather than black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, output.width, output.height);
  context.imageSmoothingQuality = 'high';
  const { source, target } = cropDrawArgs(area, { width: image.naturalWidth, height: image.naturalHeight }, output);
  if (source.width > 0 && source.height > 0) {
    context.drawImage(image, source.x, source.y, source.width, source.height, target.x, target.y, target.width, target.height);
  }
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The cropped photo could not be encoded'))), 'image/jpeg', JPEG_QUALITY);
  });
}
