import { mediaImageSources, mediaUrl } from './media-url';

describe('mediaUrl', () => {
  it('serves stored paths from the API base', () => {
    expect(mediaUrl('/api/v1', '/media/a.jpg')).toBe('/api/v1/media/a.jpg');
    expect(mediaUrl('/api/v1/', 'media/a.jpg')).toBe('/api/v1/media/a.jpg');
    expect(mediaUrl('/api/v1', '/api/v1/media/a.jpg')).toBe('/api/v1/media/a.jpg');
  });

  it('keeps absolute and local URLs, and has nothing for no path', () => {
    expect(mediaUrl('/api/v1', 'https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(mediaUrl('/api/v1', 'blob:http://x/1')).toBe('blob:http://x/1');
    expect(mediaUrl('/api/v1', null)).toBeNull();
  });
});

describe('mediaImageSources', () => {
  const id = '0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10';

  it("answers a stored photo's WebP copies beside it, under the API base", () => {
    expect(mediaImageSources('/api/v1', `/media/images/${id}.jpg`)).toEqual({
      src: `/api/v1/media/images/${id}.jpg`,
      webp: `/api/v1/media/images/${id}.webp`,
      webpSmall: `/api/v1/media/images/${id}-w160.webp`,
    });
    expect(mediaImageSources('/api/v1/', `media/images/${id}.png`)?.webp).toBe(`/api/v1/media/images/${id}.webp`);
    expect(mediaImageSources('/api/v1', `/api/v1/media/images/${id}.jpg`)?.webpSmall).toBe(`/api/v1/media/images/${id}-w160.webp`);
    expect(mediaImageSources('https://api.huddle.example/api/v1', `/media/images/${id}.jpg`)).toEqual({
      src: `https://api.huddle.example/api/v1/media/images/${id}.jpg`,
      webp: `https://api.huddle.example/api/v1/media/images/${id}.webp`,
      webpSmall: `https://api.huddle.example/api/v1/media/images/${id}-w160.webp`,
    });
  });

  it('has no copies for what the API did not store as a photo', () => {
    for (const path of [
      `https://bucket.s3.amazonaws.com/images/${id}.jpg`,
      `https://cdn.example.com/media/images/${id}.jpg`,
      'blob:http://localhost/1234',
      'data:image/png;base64,iVBORw0KGgo=',
      `/media/videos/${id}.mp4`,
      `/media/images/${id}.webp`,
      `/media/images/${id}.gif`,
      `/static/images/${id}.jpg`,
    ]) {
      const sources = mediaImageSources('/api/v1', path);
      expect(sources).toEqual({ src: mediaUrl('/api/v1', path), webp: null, webpSmall: null });
    }
  });

  it('has nothing for no photo', () => {
    expect(mediaImageSources('/api/v1', null)).toBeNull();
    expect(mediaImageSources('/api/v1', '')).toBeNull();
    expect(mediaImageSources('/api/v1', undefined)).toBeNull();
  });
});
