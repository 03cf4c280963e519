import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The query a signed media URL carries: its expiry (unix seconds) and the HMAC of key and expiry. */
export interface MediaUrlSignature {
  expires?: string;
  signature?: string;
}

export type SignatureCheck = { valid: true; secondsLeft: number } | { valid: false; reason: 'invalid' | 'expired' };

// AuthSecret's construction (HMAC of purpose, NUL, data) under a purpose of its own, so a media
// signature is never a valid MAC for anything else the secret signs, and the reverse.
const PURPOSE = 'huddle:media-url';
const EXPIRES = /^[0-9]{1,12}$/;

/**
 * Signs and checks the short-lived URLs of restricted media (delivered request videos): the key
 * and an expiry, under the server's secret. The media module cannot use auth's AuthSecret (auth
 * depends on accounts, which depends on media), so it keys its own HMAC with the same
 * AUTH_SECRET. Without one (the embedded database, one process: the cluster supervisor hands its
 * workers one secret) the key is random per start; a URL lives minutes, so a restart costs a reload.
 */
export class MediaUrlSigner {
  private readonly key: Buffer;

  constructor(secret: string | undefined) {
    this.key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  /** base64url HMAC-SHA256 of the key and the expiry: 43 characters. */
  sign(key: string, expiresAtSeconds: number): string {
    return createHmac('sha256', this.key).update(PURPOSE).update('\0').update(`${key}\0${expiresAtSeconds}`).digest('base64url');
  }

  /** Whether `signature` was made here for this key and expiry, and the expiry is still ahead. */
  check(key: string, { expires, signature }: MediaUrlSignature, nowSeconds: number): SignatureCheck {
    if (!expires || !signature || !EXPIRES.test(expires)) return { valid: false, reason: 'invalid' };
    const expiresAt = Number(expires);
    const expected = Buffer.from(this.sign(key, expiresAt), 'base64url');
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false, reason: 'invalid' };
    // Checked after the MAC, so an altered expiry reads as tampering, not as an expired link.
    if (expiresAt <= nowSeconds) return { valid: false, reason: 'expired' };
    return { valid: true, secondsLeft: expiresAt - nowSeconds };
  }
}
