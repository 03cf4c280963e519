import { ERROR_MESSAGES, ErrorCode, MESSAGES } from '@huddle/domain';
import type { AppConfig } from '../../config/app-config';

export const RATE_LIMIT_METADATA = 'huddle:rate-limit';

export type RateLimitPolicy =
  | 'signIn'
  | 'passwordResetRequest'
  | 'passwordResetConfirm'
  | 'signUp'
  | 'geocode'
  | 'upload'
  | 'booking'
  | 'payment'
  | 'cardSave'
  | 'search'
  | 'statistics'
  | 'export'
  | 'supportMessage'
  | 'adminOutreach'
  | 'payoutOnboarding';

export interface RateLimitRule {
  /** Who is counted: the client IP address, the body's email, or the signed-in account. */
  by: 'ip' | 'email' | 'account';
  limit: number;
  windowMs: number;
  /**
   * Counted in each API process first and sent to the shared count in batches (BatchedCounts):
   * for limits of many cheap calls, where one upsert per call would cost as much as the call.
   */
  batched?: true;
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
    // Guests search too, so the address is counted. Each keystroke may search (answers are cached,
    // not debounced), so a typist makes a few a second at most, and a campus or office shares one
    // address: 600 a minute is far above honest use and far below a scraper's unique queries.
    // Batched: an upsert per search was a second round trip to PostgreSQL on a call that makes one.
    case 'search':
      return [{ by: 'ip', limit: config.SEARCH_MAX_PER_IP, windowMs: config.SEARCH_WINDOW_SECONDS * 1000, batched: true }];
    // Aggregates over a caller's requests or the whole ledger, computed per call: a screen asks once
    // per load, period or zone change, so 120 a minute is many screens a second for one account.
    // Batched: the counters read kept rollups (a millisecond or two), an upsert per call as much.
    case 'statistics':
      return [{ by: 'account', limit: config.STATISTICS_MAX_PER_ACCOUNT, windowMs: config.STATISTICS_WINDOW_SECONDS * 1000, batched: true }];
    // A CSV or PDF built per call (a business export also stores its file and may email it): a
    // person exports a handful an hour; an athlete downloading every deal's packet stays under 30.
    case 'export':
      return [{ by: 'account', limit: config.EXPORT_MAX_PER_ACCOUNT, windowMs: config.EXPORT_WINDOW_SECONDS * 1000 }];
    // Each message is an email to SUPPORT_EMAIL: a party writes once or twice about a request.
    case 'supportMessage':
      return [{ by: 'account', limit: config.SUPPORT_MESSAGE_MAX_PER_ACCOUNT, windowMs: config.SUPPORT_MESSAGE_WINDOW_SECONDS * 1000 }];
    // An administrator's actions that reach users outside the console (a new user's set-password
    // email, a custom push written to every recipient): onboarding a team stays far below 60 an
    // hour; a stolen session cannot mail-bomb or flood every inbox.
    case 'adminOutreach':
      return [{ by: 'account', limit: config.ADMIN_OUTREACH_MAX_PER_ACCOUNT, windowMs: config.ADMIN_OUTREACH_WINDOW_SECONDS * 1000 }];
    // Each call asks the payment provider for a fresh onboarding link (the first also opens the
    // connected account): an athlete needs one per onboarding attempt, a few at most.
    case 'payoutOnboarding':
      return [{ by: 'account', limit: config.PAYOUT_ONBOARDING_MAX_PER_ACCOUNT, windowMs: config.PAYOUT_ONBOARDING_WINDOW_SECONDS * 1000 }];
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
