import { photoVariantPaths } from '@huddle/domain';
import { photoVariantOf } from './media-path';

const ID = '0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10';

describe('photoVariantOf', () => {
  it('reads back every copy the shared rule names, with the photo it was made from', () => {
    for (const photo of [`images/${ID}.jpg`, `images/${ID}.png`]) {
      const copies = photoVariantPaths(photo)!;
      expect(photoVariantOf(copies.webp)).toEqual({ base: `images/${ID}`, variant: 'webp' });
      expect(photoVariantOf(copies.webpSmall)).toEqual({ base: `images/${ID}`, variant: 'webpSmall' });
    }
  });

  it('names no copy for photos, videos, other folders or copies of copies', () => {
    for (const key of [`images/${ID}.jpg`, `videos/${ID}.webp`, `images/a/${ID}.webp`, `images/${ID}.webp.webp`, `images/${ID}.w160.webp`, 'images/.webp', '.webp']) {
      expect(photoVariantOf(key)).toBeNull();
    }
  });
});
