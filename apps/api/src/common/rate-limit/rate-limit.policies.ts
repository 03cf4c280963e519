import { ERROR_MESSAGES, ErrorCode, MESSAGES } from '@huddle/domain';
import type { AppConfig } from '../../config/app-config';

export const RATE_LIMIT_METADATA = 'huddle:rate-limit';

export type RateLimitPolicy = 'signIn' | 'passwordResetRequest' | 'passwordResetConfirm' | 'signUp' | 'geocode' | 'upload' | 'booking' | 'payment' | 'cardSave';

export interface RateLimitRule {
  /** Who is counted: the client IP address, the body's email, or the signed-in account. */
  by: 'ip' | 'email' | 'account';
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
    // Each sign-up costs an argon2 hash: counted per address, since the email is new every time.
    case 'signUp':
      return [{ by: 'ip', limit: config.SIGN_UP_MAX_PER_IP, windowMs: config.SIGN_UP_WINDOW_SECONDS * 1000 }];
    case 'geocode':
      return [{ by: 'ip', limit: config.GEOCODE_MAX_PER_IP, windowMs: config.GEOCODE_WINDOW_SECONDS * 1000 }];
    // Uploads need a session, so the account is who is counted, whatever address it comes from.
    case 'upload':
      return [{ by: 'account', limit: config.UPLOAD_MAX_PER_ACCOUNT, windowMs: config.UPLOAD_WINDOW_SECONDS * 1000 }];
    // A booking is an unpaid draft that charges nothing, so only the account is counted: offices
    // and campuses book from one address.
    case 'booking':
      return [{ by: 'account', limit: config.BOOKING_MAX_PER_ACCOUNT, windowMs: config.BOOKING_WINDOW_SECONDS * 1000 }];
    // Card testing runs many accounts from one address or one account from many: both are counted.
    case 'payment':
      return [
        { by: 'ip', limit: config.PAYMENT_ATTEMPTS_MAX_PER_IP, windowMs: config.PAYMENT_ATTEMPTS_WINDOW_SECONDS * 1000 },
        { by: 'account', limit: config.PAYMENT_ATTEMPTS_MAX_PER_ACCOUNT, windowMs: config.PAYMENT_ATTEMPTS_WINDOW_SECONDS * 1000 },
      ];
    case 'cardSave':
      return [
        { by: 'ip', limit: config.CARD_SAVE_MAX_PER_IP, windowMs: config.CARD_SAVE_WINDOW_SECONDS * 1000 },
        { by: 'account', limit: config.CARD_SAVE_MAX_PER_ACCOUNT, windowMs: config.CARD_SAVE_WINDOW_SECONDS * 1000 },
      ];
  }
}

/** What a refusal says: the money routes name what was limited, so a payer knows what to wait for. */
export function rateLimitMessage(policy: RateLimitPolicy): string {
  switch (policy) {
    case 'booking':
      return MESSAGES.tooManyBookings;
    case 'payment':
      return MESSAGES.tooManyPaymentAttempts;
    case 'cardSave':
      return MESSAGES.tooManyCardSaves;
    default:
      return ERROR_MESSAGES[ErrorCode.TooManyRequests];
  }
}
