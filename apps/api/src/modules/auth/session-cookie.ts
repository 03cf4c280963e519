import { Injectable } from '@nestjs/common';
import type { CookieOptions, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { SESSION_COOKIE } from './session-token';

/** Writes and clears the session cookie with the one set of attributes the product uses. */
@Injectable()
export class SessionCookie {
  constructor(private readonly config: AppConfig) {}

  private options(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.COOKIE_SECURE, path: '/' };
  }

  issue(response: Response, token: string, expiresAt: Date): void {
    response.cookie(SESSION_COOKIE, token, { ...this.options(), expires: expiresAt });
  }

  clear(response: Response): void {
    response.clearCookie(SESSION_COOKIE, this.options());
  }
}
