import { looksLikeCoordinates, parseCoordinates } from './geo';
import { imageTooLargeMessage, sniffImage, sniffVideo, videoTooLargeMessage, videoTooLongMessage } from './media-content';
import { MESSAGES } from './messages';

function bytes(...parts: Array<string | number[]>): Uint8Array {
  return Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));
}

/** An ftyp box: size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 2, 0], ...compatible);
}

describe('sniffing uploads by content (spec §5)', () => {
  it('recognises jpeg, png and HEIC images by their first bytes', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('jpeg');
    expect(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'))).toBe('png');
    expect(sniffImage(ftyp('heic', 'mif1', 'heic'))).toBe('heic');
    expect(sniffImage(ftyp('mif1', 'heic', 'miaf'))).toBe('heic');
    expect(sniffImage(ftyp('mif1', 'mif1', 'miaf'))).toBe('heic');
  });

  it('refuses everything else, whatever it would be named', () => {
    expect(sniffImage(bytes('GIF89a', [1, 0, 1, 0]))).toBeNull();
    expect(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBeNull();
    expect(sniffImage(ftyp('avif', 'avif', 'mif1', 'miaf'))).toBeNull();
    expect(sniffImage(ftyp('mif1', 'avif'))).toBeNull();
    expect(sniffImage(bytes('hello, this is plain text'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(ftyp('isom', 'isom', 'avc1'))).toBeNull();
  });

  it('tells mp4 from quicktime by the ftyp brands', () => {
    expect(sniffVideo(ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'))).toBe('mp4');
    expect(sniffVideo(ftyp('mp42', 'mp42', 'isom'))).toBe('mp4');
    expect(sniffVideo(ftyp('qt  ', 'qt  '))).toBe('quicktime');
    expect(sniffVideo(ftyp('XAVC', 'XAVC', 'mp42', 'iso2'))).toBe('mp4');
    expect(sniffVideo(ftyp('XXXX', 'qt  '))).toBe('quicktime');
  });

  it('accepts classic QuickTime movies that start without an ftyp box', () => {
    expect(sniffVideo(bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 0], 'mdat'))).toBe('quicktime');
    expect(sniffVideo(bytes([0, 0, 1, 0], 'moov'))).toBe('quicktime');
  });

  it('refuses audio, images and other containers', () => {
    expect(sniffVideo(ftyp('M4A ', 'M4A ', 'mp42', 'isom'))).toBeNull();
    expect(sniffVideo(ftyp('heic', 'mif1', 'heic'))).toBeNull();
    expect(sniffVideo(ftyp('avif', 'avif', 'mif1'))).toBeNull();
    expect(sniffVideo(ftyp('3gp4', '3gp4'))).toBeNull();
    expect(sniffVideo(bytes([0x1a, 0x45, 0xdf, 0xa3], 'webm'))).toBeNull();
    expect(sniffVideo(bytes('just some text, not a movie'))).toBeNull();
    expect(sniffVideo(bytes([0, 0, 0, 8], 'ftyp'))).toBeNull();
  });

  it('names the configured limits in the messages and matches MESSAGES at the defaults', () => {
    expect(videoTooLargeMessage()).toBe(MESSAGES.videoTooLarge);
    expect(videoTooLongMessage()).toBe(MESSAGES.videoTooLong);
    expect(videoTooLargeMessage(5)).toBe('Video must be at most 5 MB');
    expect(videoTooLongMessage(10)).toBe('Video must be at most 10 seconds long');
    expect(imageTooLargeMessage(20)).toBe('Image must be at most 20 MB');
  });
});

describe('coordinates in the location search (spec §2)', () => {
  it('reads a latitude and longitude separated by a comma or a space', () => {
    expect(parseCoordinates('34.05, -118.24')).toEqual({ lat: 34.05, lng: -118.24 });
    expect(parseCoordinates('34.05 -118.24')).toEqual({ lat: 34.05, lng: -118.24 });
    expect(parseCoordinates(' -33.8688,151.2093 ')).toEqual({ lat: -33.8688, lng: 151.2093 });
    expect(parseCoordinates('+40 -74')).toEqual({ lat: 40, lng: -74 });
  });

  it('refuses numbers outside the ranges and anything that is not two numbers', () => {
    expect(parseCoordinates('91, 10')).toBeNull();
    expect(parseCoordinates('45, 181')).toBeNull();
    expect(parseCoordinates('Los Angeles')).toBeNull();
    expect(parseCoordinates('34.05')).toBeNull();
    expect(parseCoordinates('34.05, -118.24, 7')).toBeNull();
    expect(parseCoordinates('90210')).toBeNull();
    expect(looksLikeCoordinates('91, 10')).toBe(true);
    expect(looksLikeCoordinates('Austin, TX')).toBe(false);
  });
});
