/**
 * NIL disclosure (issue 23): since 2025 a Division I athlete reports each third-party NIL deal to
 * the College Sports Commission's NIL Go within 5 business days of agreeing to it, once the deal's
 * compensation, added to what the same payor already paid the athlete, reaches $600.
 */

/** A payor's running total at which a deal must be disclosed: $600.00. */
export const NIL_DISCLOSURE_THRESHOLD_CENTS = 60_000;

/** Business days (weekends and US federal holidays skipped) the athlete has to report a flagged deal. */
export const NIL_REPORT_BUSINESS_DAYS = 5;
