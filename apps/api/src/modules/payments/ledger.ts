import type { EntityManager } from 'typeorm';

/**
 * Huddle's double-entry ledger. Every movement of money is a set of rows that sums to zero, and a
 * movement happens at most once per request (ledger_movements' primary key), so a retried job or
 * webhook finds it recorded and writes nothing. Accounts:
 * - holds / holds_payers: a card hold (authorised) and its counterpart, released by a void or a capture;
 * - cash / unallocated: money captured into the platform's account, before it is split;
 * - athlete_payable:<athleteId> and platform_fees: the split (owed to the athlete, the platform's fee);
 * a refund returns the cash and reverses the split.
 * A campaign's payment is captured once and recorded share by share (each share is a request): a
 * share is split when its athlete accepts, and a share given back before that is 'returned' (the
 * cash leaves from what was never allocated).
 *
 * Money out and disputes (issue 21) are movements too, keyed by what they are about rather than a
 * request (the column is named request_id for history; it holds any uuid subject):
 * - paid_out / payout_returned, keyed by a payout item: the athlete's payable leaves the platform's
 *   cash (a transfer), and comes back when the transfer is reversed or the payout fails;
 * - dispute_withdrawn / dispute_reinstated / dispute_lost, keyed by the disputed request or
 *   campaign: the provider takes the disputed amount out of cash into `disputed_funds`, gives it
 *   back when the dispute is won, and a lost dispute writes it off as the platform's
 *   `dispute_losses` (Huddle absorbs a lost dispute; the athlete keeps their share).
 */
export const LEDGER_MOVEMENTS = [
  'authorised',
  'voided',
  'captured',
  'owed_to_athlete',
  'refunded',
  'returned',
  'paid_out',
  'payout_returned',
  'dispute_withdrawn',
  'dispute_reinstated',
  'dispute_lost',
] as const;
export type LedgerMovement = (typeof LEDGER_MOVEMENTS)[number];

export interface LedgerLine {
  account: string;
  amountCents: number;
}

export function athletePayable(athleteId: string): string {
  return `athlete_payable:${athleteId}`;
}

export interface Split {
  amountCents: number;
  feeCents: number;
  athleteCents: number;
  athleteId: string;
}

/** The rows of each movement; each list sums to zero. */
export const LEDGER_LINES = {
  authorised: (amount: number): LedgerLine[] => [
    { account: 'holds', amountCents: amount },
    { account: 'holds_payers', amountCents: -amount },
  ],
  voided: (amount: number): LedgerLine[] => [
    { account: 'holds', amountCents: -amount },
    { account: 'holds_payers', amountCents: amount },
  ],
  captured: (amount: number): LedgerLine[] => [
    { account: 'holds', amountCents: -amount },
    { account: 'holds_payers', amountCents: amount },
    { account: 'cash', amountCents: amount },
    { account: 'unallocated', amountCents: -amount },
  ],
  owedToAthlete: (split: Split): LedgerLine[] => [
    { account: 'unallocated', amountCents: split.amountCents },
    { account: athletePayable(split.athleteId), amountCents: -split.athleteCents },
    { account: 'platform_fees', amountCents: -split.feeCents },
  ],
  refunded: (split: Split): LedgerLine[] => [
    { account: 'cash', amountCents: -split.amountCents },
    { account: athletePayable(split.athleteId), amountCents: split.athleteCents },
    { account: 'platform_fees', amountCents: split.feeCents },
  ],
  returned: (amount: number): LedgerLine[] => [
    { account: 'cash', amountCents: -amount },
    { account: 'unallocated', amountCents: amount },
  ],
  paidOut: (athleteId: string, amount: number): LedgerLine[] => [
    { account: athletePayable(athleteId), amountCents: amount },
    { account: 'cash', amountCents: -amount },
  ],
  payoutReturned: (athleteId: string, amount: number): LedgerLine[] => [
    { account: athletePayable(athleteId), amountCents: -amount },
    { account: 'cash', amountCents: amount },
  ],
  disputeWithdrawn: (amount: number): LedgerLine[] => [
    { account: 'cash', amountCents: -amount },
    { account: 'disputed_funds', amountCents: amount },
  ],
  disputeReinstated: (amount: number): LedgerLine[] => [
    { account: 'cash', amountCents: amount },
    { account: 'disputed_funds', amountCents: -amount },
  ],
  disputeLost: (amount: number): LedgerLine[] => [
    { account: 'disputed_funds', amountCents: -amount },
    { account: 'dispute_losses', amountCents: amount },
  ],
} as const;

/**
 * Records a movement once: false when it was already recorded (nothing written). Rows with a zero
 * amount (a 0% fee) are left out; the movement still balances. `at` dates a movement that happened
 * before it is recorded (imported history); otherwise it is now.
 */
export async function recordMovement(manager: EntityManager, requestId: string, movement: LedgerMovement, lines: readonly LedgerLine[], at?: Date): Promise<boolean> {
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (total !== 0) throw new Error(`Ledger movement ${movement} of ${requestId} does not balance (${total})`);
  const amount = lines.reduce((sum, line) => sum + Math.max(0, line.amountCents), 0);
  const rows = lines.filter((line) => line.amountCents !== 0);
  // One statement: the movement's claim and its rows commit together, and a repeat (the claim
  // conflicts) writes no rows. The answer is the claim's row count.
  const claimed: Array<{ claimed: number }> = await manager.query(
    `WITH claim AS (
       INSERT INTO ledger_movements (request_id, movement, amount_cents, recorded_at) VALUES ($1, $2, $3, coalesce($6::timestamptz, now())) ON CONFLICT DO NOTHING RETURNING request_id
     ), entries AS (
       INSERT INTO ledger_entries (request_id, movement, account, amount_cents, created_at)
       SELECT claim.request_id, $2, t.account, t.amount, coalesce($6::timestamptz, now()) FROM claim, unnest($4::text[], $5::bigint[]) AS t(account, amount)
     )
     SELECT count(*)::int AS claimed FROM claim`,
    [requestId, movement, amount, rows.map((row) => row.account), rows.map((row) => row.amountCents), at ?? null],
  );
  return claimed[0].claimed > 0;
}

export interface LedgerCheck {
  balanced: boolean;
  entries: number;
  violations: string[];
}

/**
 * The ledger's invariants: every movement sums to zero (and so does everything), no request is
 * both captured and voided, a refund or an athlete's share only follows a capture, a share
 * returned before its split was never split, and no athlete was paid out more than they were owed.
 */
export async function checkLedger(manager: EntityManager): Promise<LedgerCheck> {
  const violations: string[] = [];
  const unbalanced: Array<{ request_id: string; movement: string; total: string }> = await manager.query(
    `SELECT request_id, movement, sum(amount_cents)::text AS total FROM ledger_entries GROUP BY request_id, movement HAVING sum(amount_cents) <> 0`,
  );
  for (const row of unbalanced) violations.push(`${row.movement} of ${row.request_id} sums to ${row.total}`);
  const contradictory: Array<{ request_id: string; problem: string }> = await manager.query(
    `SELECT request_id, CASE
        WHEN bool_or(movement = 'captured') AND bool_or(movement = 'voided') THEN 'captured and voided'
        WHEN bool_or(movement = 'refunded') AND NOT bool_or(movement = 'captured') THEN 'refunded without a capture'
        WHEN bool_or(movement = 'returned') AND NOT bool_or(movement = 'captured') THEN 'returned without a capture'
        WHEN bool_or(movement = 'returned') AND (bool_or(movement = 'owed_to_athlete') OR bool_or(movement = 'refunded')) THEN 'returned after it was split'
        WHEN bool_or(movement = 'owed_to_athlete') AND NOT bool_or(movement = 'captured') THEN 'owed to the athlete without a capture'
        WHEN (bool_or(movement = 'captured') OR bool_or(movement = 'voided')) AND NOT bool_or(movement = 'authorised') THEN 'settled without an authorisation'
      END AS problem
       FROM ledger_movements GROUP BY request_id
      HAVING (bool_or(movement = 'captured') AND bool_or(movement = 'voided'))
          OR (bool_or(movement = 'refunded') AND NOT bool_or(movement = 'captured'))
          OR (bool_or(movement = 'returned') AND NOT bool_or(movement = 'captured'))
          OR (bool_or(movement = 'returned') AND (bool_or(movement = 'owed_to_athlete') OR bool_or(movement = 'refunded')))
          OR (bool_or(movement = 'owed_to_athlete') AND NOT bool_or(movement = 'captured'))
          OR ((bool_or(movement = 'captured') OR bool_or(movement = 'voided')) AND NOT bool_or(movement = 'authorised'))`,
  );
  for (const row of contradictory) violations.push(`${row.request_id}: ${row.problem}`);
  // An athlete's payable is what Huddle owes them (a credit): above zero, they were paid more than they earned.
  const overpaid: Array<{ account: string; total: string }> = await manager.query(
    `SELECT account, sum(amount_cents)::text AS total FROM ledger_entries WHERE account LIKE 'athlete_payable:%' GROUP BY account HAVING sum(amount_cents) > 0`,
  );
  for (const row of overpaid) violations.push(`${row.account} was paid ${row.total} cents more than it was owed`);
  const [{ total, entries }]: Array<{ total: string; entries: number }> = await manager.query(
    `SELECT coalesce(sum(amount_cents), 0)::text AS total, count(*)::int AS entries FROM ledger_entries`,
  );
  if (total !== '0') violations.push(`the ledger sums to ${total}`);
  return { balanced: violations.length === 0, entries, violations };
}
