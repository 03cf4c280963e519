import { introVideoProblem, profileImageProblem } from './media';
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
    expect(profileImageProblem({ name: 'me.heic', type: '', size: 10 })).toBe(MESSAGES.imageWrongType);
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
