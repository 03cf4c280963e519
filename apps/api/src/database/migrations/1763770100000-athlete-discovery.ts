import type { MigrationInterface, QueryRunner } from 'typeorm';
import { UserType } from '@huddle/domain';
import { firstFreeUsername, usernameBaseOf } from '../../modules/auth/usernames';
import { athleteNameExpression, listedAthletePredicate } from '../../modules/discovery/athlete-listing.sql';

/**
 * Issue 4, discovery: indexes that keep the athlete search fast with many athletes, and a
 * username for every athlete that lacks one so /@{username} always resolves.
 *
 * The listed-athlete predicate (complete, unblocked, live athletes) is the WHERE of two partial
 * indexes: the trigram index serves partial, case-insensitive name matches ranked by
 * similarity; the (created_at, id) index serves "newest first" pages and the total without a
 * filter. Sports already have a GIN index on athlete_profiles.sports and schools a btree on
 * athlete_profiles.school_id; the catalogue's school names get trigram indexes for lookups
 * by partial name.
 */
export class AthleteDiscovery1763770100000 implements MigrationInterface {
  name = 'AthleteDiscovery1763770100000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await runner.query(
      `CREATE INDEX accounts_listed_athlete_name_trgm_idx ON accounts USING gin ((${athleteNameExpression()}) gin_trgm_ops) WHERE ${listedAthletePredicate()}`,
    );
    await runner.query(`CREATE INDEX accounts_listed_athletes_idx ON accounts (created_at DESC, id DESC) WHERE ${listedAthletePredicate()}`);
    await runner.query(`CREATE INDEX schools_name_trgm_idx ON schools USING gin (lower(name) gin_trgm_ops)`);
    await runner.query(`CREATE INDEX schools_short_name_trgm_idx ON schools USING gin (lower(short_name) gin_trgm_ops)`);
    await this.backfillUsernames(runner);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX schools_short_name_trgm_idx`);
    await runner.query(`DROP INDEX schools_name_trgm_idx`);
    await runner.query(`DROP INDEX accounts_listed_athletes_idx`);
    await runner.query(`DROP INDEX accounts_listed_athlete_name_trgm_idx`);
  }

  /** The same derivation registration uses (usernameBaseOf), oldest athlete first, so earlier sign-ups keep the plain name. */
  private async backfillUsernames(runner: QueryRunner): Promise<void> {
    const athletes: Array<{ id: string; first_name: string | null; last_name: string | null }> = await runner.query(
      `SELECT id, first_name, last_name FROM accounts WHERE user_type = $1 AND username IS NULL AND deleted_at IS NULL ORDER BY created_at, id`,
      [UserType.Athlete],
    );
    if (athletes.length === 0) return;
    const rows: Array<{ username: string }> = await runner.query(`SELECT lower(username) AS username FROM accounts WHERE username IS NOT NULL AND deleted_at IS NULL`);
    const taken = new Set(rows.map((row) => row.username));
    for (const athlete of athletes) {
      const username = firstFreeUsername(usernameBaseOf(athlete.first_name, athlete.last_name), taken);
      taken.add(username);
      await runner.query(`UPDATE accounts SET username = $1 WHERE id = $2`, [username, athlete.id]);
    }
  }
}
