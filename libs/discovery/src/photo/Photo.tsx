import { useState } from 'react';
import type { ImgHTMLAttributes } from 'react';
import type { MediaImageSources } from '@huddle/api-client';
import { photoSrcSet } from '@huddle/domain';

export type PhotoProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  sources: MediaImageSources;
  /** How wide the rendering is (@huddle/domain PHOTO_SIZES), so the browser picks a copy before layout. */
  sizes: string;
};

/**
 * A stored photo: its WebP copies in the size the rendering needs, the JPEG or PNG for browsers
 * without WebP. When the <picture> fails to load, the photo alone is tried before `onError` is called.
 */
export function Photo({ sources, sizes, alt = '', onError, ...img }: PhotoProps) {
  const [plain, setPlain] = useState(false);
  const { src, webp, webpSmall } = sources;
  if (plain || !webp || !webpSmall) return <img src={src} alt={alt} onError={onError} {...img} />;
  return (
    <picture className="rq-photo">
      <source type="image/webp" srcSet={photoSrcSet({ webp, webpSmall })} sizes={sizes} />
      <img src={src} alt={alt} onError={() => setPlain(true)} {...img} />
    </picture>
  );
}
