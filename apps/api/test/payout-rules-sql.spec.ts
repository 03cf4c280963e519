import { Client } from 'pg';
import { REQUEST_STATUS_CODES } from '@huddle/domain';
import { payableCentsOf, payableCentsSql, payoutDueBefore, shareMoney, shareMoneySql } from '@huddle/domain/payouts';
import type { RequestShareFacts, ShareColumnsSql } from '@huddle/domain/payouts';
import { TEST_ADMIN_URL_ENV } from './support/test-database';

/**
 * libs/domain's payout rules and their SQL twins (what PostgreSQL applies to an athlete's open
 * shares for the locker room and the Payouts page) give the same cents: every combination of a
 * share's facts one by one, and sets of them summed, on the run's real PostgreSQL.
 */
const NOW = 1_790_000_000;
const DUE_DAYS = 7;
const DUE_BEFORE = payoutDueBefore(NOW, DUE_DAYS);

const COLUMNS: ShareColumnsSql = {
  status: 'status',
  paid: 'paid',
  disputed: 'disputed',
  finishedAt: 'finished_at',
  shareCents: 'share_cents',
  sentCents: 'sent_cents',
  pendingCents: 'pending_cents',
  markedCents: 'marked_cents',
};

/** Every combination of the facts the rules read, around each edge (zero, the share covered, the due day). */
function everyShare(): RequestShareFacts[] {
  const shares: RequestShareFacts[] = [];
  for (const status of REQUEST_STATUS_CODES)
    for (const paid of [true, false])
      for (const disputed of [true, false])
        for (const finishedAt of [null, DUE_BEFORE - 86_400, DUE_BEFORE - 1, DUE_BEFORE, DUE_BEFORE + 1, NOW])
          for (const shareCents of [-250, 0, 1, 1_000])
            for (const sentCents of [0, 400, 1_000])
              for (const pendingCents of [0, 300])
                for (const markedCents of [0, 700])
                  shares.push({ requestId: String(shares.length), status, paid, disputed, finishedAt, shareCents, sentCents, pendingCents, markedCents });
  return shares;
}

/** The shares as columns of unnest(...), tagged with the set each belongs to. */
function asArrays(shares: RequestShareFacts[], setOf: (index: number) => number): unknown[] {
  return [
    shares.map((_, index) => setOf(index)),
    shares.map((share) => share.status),
    shares.map((share) => share.paid),
    shares.map((share) => share.disputed),
    shares.map((share) => share.finishedAt),
    shares.map((share) => share.shareCents),
    shares.map((share) => share.sentCents),
    shares.map((share) => share.pendingCents),
    shares.map((share) => share.markedCents),
  ];
}

const FROM_ARRAYS = `unnest($1::int[], $2::smallint[], $3::boolean[], $4::boolean[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::bigint[])
  WITH ORDINALITY AS s(set_id, status, paid, disputed, finished_at, share_cents, sent_cents, pending_cents, marked_cents, ord)`;

/** A small deterministic generator, so a failure names a set that can be found again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('payout rules in SQL', () => {
  let client: Client;
  const shares = everyShare();

  beforeAll(async () => {
    client = new Client({ connectionString: process.env[TEST_ADMIN_URL_ENV] });
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
  });

  it('payableCentsSql gives payableCentsOf for every combination of a share', async () => {
    const { rows } = await client.query(`SELECT ord, ${payableCentsSql(COLUMNS)} AS payable FROM ${FROM_ARRAYS} ORDER BY ord`, asArrays(shares, () => 0));
    expect(rows).toHaveLength(shares.length);
    const differences = rows.filter((row) => Number(row.payable) !== payableCentsOf(shares[Number(row.ord) - 1]));
    expect(differences).toEqual([]);
    // The combinations reach every branch: some pay nothing, some pay part, some pay the whole share.
    const payables = new Set(shares.map(payableCentsOf));
    expect(payables.has(0) && payables.has(1_000) && [...payables].some((cents) => cents > 0 && cents < 1_000)).toBe(true);
  });

  it('shareMoneySql gives shareMoney for sets of shares (owed, held, past due and current due)', async () => {
    const next = random(23);
    const SETS = 300;
    // Each share lands in a random set; set 0 also gets every share once more, so one set holds them all.
    const setOf = shares.map(() => 1 + Math.floor(next() * SETS));
    const tagged = [...shares, ...shares];
    const { rows } = await client.query(
      `SELECT set_id, ${shareMoneySql(COLUMNS, '$10::bigint')} FROM ${FROM_ARRAYS} GROUP BY set_id ORDER BY set_id`,
      [...asArrays(tagged, (index) => (index < shares.length ? setOf[index] : 0)), DUE_BEFORE],
    );
    const members = new Map<number, RequestShareFacts[]>([[0, shares]]);
    shares.forEach((share, index) => members.set(setOf[index], [...(members.get(setOf[index]) ?? []), share]));
    expect(rows).toHaveLength(members.size);
    for (const row of rows) {
      const expected = shareMoney(members.get(Number(row.set_id)) ?? [], NOW, DUE_DAYS);
      expect({ set: Number(row.set_id), owed: Number(row.owed_cents), held: Number(row.held_cents), pastDue: Number(row.past_due_cents), currentDue: Number(row.current_due_cents) }).toEqual({
        set: Number(row.set_id),
        owed: expected.owedCents,
        held: expected.heldCents,
        pastDue: expected.due.pastDueCents,
        currentDue: expected.due.currentDueCents,
      });
    }
    // Every figure is exercised, not only zeros.
    const all = shareMoney(shares, NOW, DUE_DAYS);
    expect([all.owedCents, all.heldCents, all.due.pastDueCents, all.due.currentDueCents].every((cents) => cents > 0)).toBe(true);
  });

  it('an empty set sums to zero', async () => {
    const { rows } = await client.query(`SELECT ${shareMoneySql(COLUMNS, '$10::bigint')} FROM ${FROM_ARRAYS}`, [...asArrays([], () => 0), DUE_BEFORE]);
    expect(rows.map((row) => Object.values(row).map(Number))).toEqual([[0, 0, 0, 0]]);
  });
});
