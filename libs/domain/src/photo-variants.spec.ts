import { photoSrcSet, photoVariantPaths } from './photo-variants';

const ID = '0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10';

describe('photo variants (issue 14)', () => {
  it('names the WebP copies of a stored JPEG or PNG, as a key, a media path or a URL', () => {
    expect(photoVariantPaths(`images/${ID}.jpg`)).toEqual({ webp: `images/${ID}.webp`, webpSmall: `images/${ID}-w160.webp` });
    expect(photoVariantPaths(`/api/v1/media/images/${ID}.png`)).toEqual({
      webp: `/api/v1/media/images/${ID}.webp`,
      webpSmall: `/api/v1/media/images/${ID}-w160.webp`,
    });
    expect(photoVariantPaths(`https://api.example.com/api/v1/media/images/${ID}.JPEG`)?.webp).toBe(`https://api.example.com/api/v1/media/images/${ID}.webp`);
  });

  it('has no copies for videos, copies, other types, other folders or anything with a query', () => {
    for (const path of [`videos/${ID}.mp4`, `images/${ID}.webp`, `images/${ID}-w160.webp`, `images/${ID}.gif`, `avatars/${ID}.jpg`, `images/${ID}.jpg?size=1`, `images/a/b.c.jpg`, 'images/.jpg']) {
      expect(photoVariantPaths(path)).toBeNull();
    }
  });

  it('offers the copies as a srcset, the small one first', () => {
    expect(photoSrcSet(photoVariantPaths(`/api/v1/media/images/${ID}.jpg`)!)).toBe(
      `/api/v1/media/images/${ID}-w160.webp 160w, /api/v1/media/images/${ID}.webp 320w`,
    );
  });
});
