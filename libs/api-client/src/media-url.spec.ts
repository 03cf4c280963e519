import { mediaUrl } from './media-url';

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
