import type { AppConfig } from '../../config/app-config';

export const RATE_LIMIT_METADATA = 'huddle:rate-limit';

export type RateLimitPolicy = 'signIn' | 'passwordResetRequest' | 'passwordResetConfirm';

export interface RateLimitRule {
  by: 'ip' | 'email';
  limit: number;
  windowMs: number;
}

/** The limits of each policy, read from AppConfig so deployments (and tests) can tune them. */
export function rateLimitRules(policy: RateLimitPolicy, config: AppConfig): RateLimitRule[] {
  const signInWindow = config.SIGN_IN_WINDOW_SECONDS * 1000;
  const resetWindow = config.PASSWORD_RESET_WINDOW_SECONDS * 1000;
  switch (policy) {
    case 'signIn':
      return [
        { by: 'ip', limit: config.SIGN_IN_MAX_PER_IP, windowMs: signInWindow },
        { by: 'email', limit: config.SIGN_IN_MAX_PER_EMAIL, windowMs: signInWindow },
      ];
    case 'passwordResetRequest':
      return [
        { by: 'ip', limit: config.PASSWORD_RESET_MAX_PER_IP, windowMs: resetWindow },
        { by: 'email', limit: config.PASSWORD_RESET_MAX_PER_EMAIL, windowMs: resetWindow },
      ];
    case 'passwordResetConfirm':
      return [
        { by: 'ip', limit: config.PASSWORD_RESET_CONFIRM_MAX, windowMs: resetWindow },
        { by: 'email', limit: config.PASSWORD_RESET_CONFIRM_MAX, windowMs: resetWindow },
      ];
  }
}
