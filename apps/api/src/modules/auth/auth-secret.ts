import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';

interface SealedPayload {
  /** Expiry, in milliseconds since the epoch. */
  exp: number;
}

/**
 * The server's secret (AUTH_SECRET, or a random one per start). Every use names its purpose, so
 * a value made for one purpose (a sign-in state) is never accepted for another (a sandbox code).
 */
@Injectable()
export class AuthSecret {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key = config.AUTH_SECRET ? Buffer.from(config.AUTH_SECRET, 'utf8') : randomBytes(32);
  }

  /** HMAC-SHA256, hex: 64 characters. */
  mac(purpose: string, data: string): string {
    return createHmac('sha256', this.key).update(purpose).update('\0').update(data).digest('hex');
  }

  /** A tamper-proof, expiring token carrying the payload: base64url(JSON).base64url(HMAC). */
  seal<T extends object>(purpose: string, payload: T, expiresAt: Date): string {
    const body = Buffer.from(JSON.stringify({ ...payload, exp: expiresAt.getTime() }), 'utf8').toString('base64url');
    return `${body}.${Buffer.from(this.mac(purpose, body), 'hex').toString('base64url')}`;
  }

  /** The payload of a token this server sealed for the purpose, or null when forged, altered or expired. */
  open<T extends object>(purpose: string, token: string, now: Date): (T & SealedPayload) | null {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(purpose, body), 'hex');
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (typeof payload !== 'object' || payload === null || typeof (payload as SealedPayload).exp !== 'number') return null;
    if ((payload as SealedPayload).exp <= now.getTime()) return null;
    return payload as T & SealedPayload;
  }
}
