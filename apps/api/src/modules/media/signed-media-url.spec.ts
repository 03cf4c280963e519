import { MediaUrlSigner } from './signed-media-url';

const KEY = 'deliveries/0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10.mp4';
const NOW = 1_800_000_000;

describe('MediaUrlSigner', () => {
  const signer = new MediaUrlSigner('s'.repeat(32));

  it('accepts its own signature until the expiry, and says how long is left', () => {
    const signature = signer.sign(KEY, NOW + 600);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signer.check(KEY, { expires: String(NOW + 600), signature }, NOW)).toEqual({ valid: true, secondsLeft: 600 });
    expect(signer.check(KEY, { expires: String(NOW + 600), signature }, NOW + 599)).toEqual({ valid: true, secondsLeft: 1 });
    expect(signer.check(KEY, { expires: String(NOW + 600), signature }, NOW + 600)).toEqual({ valid: false, reason: 'expired' });
  });

  it('refuses a signature altered, moved to another key or expiry, made with another secret, or missing', () => {
    const signature = signer.sign(KEY, NOW + 600);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const invalid = { valid: false, reason: 'invalid' };
    expect(signer.check(KEY, { expires: String(NOW + 600), signature: flipped }, NOW)).toEqual(invalid);
    expect(signer.check(KEY.replace('.mp4', '.mov'), { expires: String(NOW + 600), signature }, NOW)).toEqual(invalid);
    expect(signer.check(KEY, { expires: String(NOW + 6000), signature }, NOW)).toEqual(invalid);
    expect(new MediaUrlSigner('t'.repeat(32)).check(KEY, { expires: String(NOW + 600), signature }, NOW)).toEqual(invalid);
    for (const query of [{}, { expires: String(NOW + 600) }, { signature }, { expires: '1e12', signature }, { expires: String(NOW + 600), signature: '' }]) {
      expect(signer.check(KEY, query, NOW)).toEqual(invalid);
    }
  });

  it('reads an expired URL whose signature is forged as forged', () => {
    expect(signer.check(KEY, { expires: String(NOW - 1), signature: 'x'.repeat(43) }, NOW)).toEqual({ valid: false, reason: 'invalid' });
  });
});
