import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * The per-party rollups of migration PartyTotals1763772650000 (an athlete's or a requester's
 * counters kept as their requests and payouts change): each table's party column, the columns a
 * row is keyed by beside it, and the columns summed. Triggers append one row per key and statement
 * (folded false); a reader sums a party's rows and, once more than PARTY_UNFOLDED_LIMIT of them
 * were appended, folds them into one row per key (foldParty).
 */
const ROLLUPS = {
  athlete_totals: { party: 'athlete_id', keys: ['kind', 'status'], sums: ['requests', 'share_cents'] },
  athlete_days: { party: 'athlete_id', keys: ['day'], sums: ['made', 'earned_cents'] },
  athlete_payouts: { party: 'athlete_id', keys: ['status'], sums: ['cents'] },
  requester_totals: { party: 'requester_id', keys: ['kind', 'status'], sums: ['requests', 'amount_cents', 'spent_cents'] },
  requester_athletes: { party: 'requester_id', keys: ['athlete_id'], sums: ['requests', 'spent_cents'] },
  requester_days: { party: 'requester_id', keys: ['day'], sums: ['spent_cents'] },
} as const;

export type PartyRollup = keyof typeof ROLLUPS;

/** The rollups an athlete's locker room reads, and a requester's statistics. */
export const ATHLETE_ROLLUPS: readonly PartyRollup[] = ['athlete_totals', 'athlete_days'];
export const REQUESTER_ROLLUPS: readonly PartyRollup[] = ['requester_totals', 'requester_athletes', 'requester_days'];

/** Appended rows of one party past which its reader folds them. */
export const PARTY_UNFOLDED_LIMIT = 64;

/**
 * The statement that folds an append-only rollup: the rows `where` selects ($1 when `where` names
 * it) deleted and put back as one row per `keys`, their `sums` summed (a key summing to nothing is
 * dropped), folded. Rows appended meanwhile are not in the DELETE's snapshot and stay.
 */
export function foldSql(table: string, keys: readonly string[], sums: readonly string[], where = 'true'): string {
  const grouped = keys.join(', ');
  const summed = sums.map((column) => `sum(${column})`).join(', ');
  return `WITH gone AS (DELETE FROM ${table} WHERE ${where} RETURNING ${grouped}, ${sums.join(', ')})
    INSERT INTO ${table} (${grouped}, ${sums.join(', ')}, folded)
    SELECT ${grouped}, ${summed}, true FROM gone GROUP BY ${grouped} HAVING (${summed}) <> (${sums.map(() => '0').join(', ')})`;
}

/** Folds `table`'s rows of the parties `where` selects into one row per party and key. */
function foldStatement(table: PartyRollup, where: string): string {
  const { party, keys, sums } = ROLLUPS[table];
  return foldSql(table, [party, ...keys], sums, where);
}

/**
 * Folds one party's rows of these rollups. One folder a party at a time (an advisory lock; another
 * finds it taken and leaves it); rows appended meanwhile are not in the DELETE's snapshot and stay
 * for the next fold, so the sums never change.
 */
export async function foldParty(manager: EntityManager, tables: readonly PartyRollup[], partyId: string): Promise<void> {
  try {
    await manager.transaction(async (inner) => {
      const [{ locked }]: Array<{ locked: boolean }> = await inner.query(`SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked`, [
        `huddle:party-fold:${partyId}`,
      ]);
      if (!locked) return;
      for (const table of tables) await inner.query(foldStatement(table, `${ROLLUPS[table].party} = $1`), [partyId]);
    });
  } catch (error) {
    // The reader's answer is already made: a fold that fails (a lost connection) is tried again by
    // the next read that finds the rows piled up, and never costs the caller their answer.
    logger.warn(`Folding the rollups of ${partyId} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const logger = new Logger('PartyRollups');

/** Folds every party's rows of every rollup (bench:stats after its bulk seed: the steady state). */
export const FOLD_ALL_PARTIES_SQL: readonly string[] = (Object.keys(ROLLUPS) as PartyRollup[]).map((table) => foldStatement(table, 'true'));
