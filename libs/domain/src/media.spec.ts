import { deliveryVideoProblem, introVideoProblem, isConvertedImage, profileImageProblem, RECORDING_TYPES } from './media';
import { MESSAGES } from './messages';

const MB = 1024 * 1024;

describe('profile image (spec §5)', () => {
  it('asks for a photo when none is chosen', () => {
    expect(profileImageProblem(null)).toBe('Please, choose photo');
  });

  it('accepts jpg, jpeg and png by type, or by extension when the browser gives no type', () => {
    expect(profileImageProblem({ name: 'me.jpg', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(profileImageProblem({ name: 'me.PNG', type: 'image/png', size: 10 })).toBeNull();
    expect(profileImageProblem({ name: 'me.jpeg', type: '', size: 10 })).toBeNull();
    expect(profileImageProblem({ name: 'me.gif', type: 'image/gif', size: 10 })).toBe(MESSAGES.imageWrongType);
  });

  it('accepts a HEIC photo, which is converted to JPEG, by type or by extension when the browser gives no type', () => {
    expect(profileImageProblem({ name: 'IMG_0001.HEIC', type: '', size: 10 })).toBeNull();
    expect(profileImageProblem({ name: 'IMG_0001.heic', type: 'image/heic', size: 10 })).toBeNull();
    expect(profileImageProblem({ name: 'photo', type: 'image/heif', size: 10 })).toBeNull();
    expect(isConvertedImage({ name: 'IMG_0001.HEIC', type: '', size: 10 })).toBe(true);
    expect(isConvertedImage({ name: 'me.jpg', type: 'image/jpeg', size: 10 })).toBe(false);
    // The type, when given, decides: a GIF named .heic is not a HEIC photo.
    expect(isConvertedImage({ name: 'me.heic', type: 'image/gif', size: 10 })).toBe(false);
    expect(profileImageProblem({ name: 'me.heic', type: 'image/gif', size: 10 })).toBe(MESSAGES.imageWrongType);
  });
});

describe('intro video (spec §5, §9)', () => {
  const mp4 = { name: 'intro.mp4', type: 'video/mp4', size: 5 * MB };

  it('asks for a video when none is chosen', () => {
    expect(introVideoProblem(undefined)).toBe('Please, choose video');
  });

  it('checks the type, then the size, then the duration, each with its own message', () => {
    expect(introVideoProblem({ ...mp4, type: 'video/webm' })).toBe(MESSAGES.videoWrongType);
    expect(introVideoProblem({ ...mp4, size: 2045 * MB })).toBe(MESSAGES.videoTooLarge);
    expect(introVideoProblem(mp4, 30.5)).toBe(MESSAGES.videoTooLong);
    expect(introVideoProblem(mp4, Number.NaN)).toBe(MESSAGES.videoTooLong);
  });

  it('accepts mp4 and quicktime up to 2044 MB and 30 seconds', () => {
    expect(introVideoProblem(mp4)).toBeNull();
    expect(introVideoProblem({ ...mp4, type: 'video/quicktime', size: 2044 * MB }, 30)).toBeNull();
  });
});

describe('a delivery video chosen from a file (deliveryVideoProblem)', () => {
  const file = (name: string, type: string) => ({ name, type, size: 10 });
  it('takes mp4 and quicktime, by their base type, and leaves an untyped file to the server', () => {
    expect(deliveryVideoProblem(file('a.mp4', 'video/mp4'))).toBeNull();
    expect(deliveryVideoProblem(file('a.mp4', 'video/mp4;codecs=avc1,opus'))).toBeNull();
    expect(deliveryVideoProblem(file('a.mov', 'video/quicktime'))).toBeNull();
    expect(deliveryVideoProblem(file('a.mov', ''))).toBeNull();
  });
  it('refuses WebM and anything else with the spec’s message, and asks for a video when none was chosen', () => {
    expect(deliveryVideoProblem(file('a.webm', 'video/webm'))).toBe(MESSAGES.videoWrongType);
    expect(deliveryVideoProblem(file('a.jpg', 'image/jpeg'))).toBe(MESSAGES.videoWrongType);
    expect(deliveryVideoProblem(null)).toBe(MESSAGES.chooseVideo);
  });
  it('records in mp4 types only', () => {
    expect(RECORDING_TYPES.every((type) => type.startsWith('video/mp4'))).toBe(true);
  });
});
