/**
 * An account's reads on the checkout's hot path, in plain SQL (issue 24), exported as they run so
 * the booking benchmark's bare driver (tools/bench/booking-bare.mjs) runs these very texts.
 */
export const ACCOUNT_SQL = {
  /** A live account's email: the payer the card provider is told of. */
  emailById: `SELECT email FROM accounts WHERE id = $1 AND deleted_at IS NULL`,
} as const;
