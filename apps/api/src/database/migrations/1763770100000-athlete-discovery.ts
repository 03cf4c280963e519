import type { MigrationInterface, QueryRunner } from 'typeorm';
/**
 * Migrations import no live code: what they create is written here as it was when they were
 * first applied, so a later change to a rule cannot change what an old migration does (a schema
 * change ships as a new migration). test/schema-matches-code.spec.ts checks the live code still
 * agrees with what the database holds.
 */
// listedAthletePredicate() and athleteNameExpression() of discovery's athlete-listing.sql.ts,
// unqualified; UserType.Athlete is 2.
const LISTED_ATHLETE = 'user_type = 2 AND profile_completed AND NOT blocked AND deleted_at IS NULL';
const ATHLETE_NAME = "lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))";
const ATHLETE = 2;

// The username rule when this ran: letters, digits, dots or underscores, 3..36 (isValidUsername).
const USERNAME_MIN = 3;
const USERNAME_MAX = 36;
const USERNAME = /^[A-Za-z0-9._]{3,36}$/;
const FALLBACK_BASE = 'athlete';

/** usernameBaseOf as it was: lowercase ASCII, accents folded, name parts joined by dots. */
function usernameBaseOf(firstName: string | null, lastName: string | null): string {
  const parts = `${firstName ?? ''} ${lastName ?? ''}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((part) => part !== '');
  const base = parts.join('.').slice(0, USERNAME_MAX).replace(/\.+$/, '');
  return base.length >= USERNAME_MIN ? base : FALLBACK_BASE;
}

/** firstFreeUsername as it was: 'jordan.miles', then 'jordan.miles2', ..., the base cut so the number fits. */
function firstFreeUsername(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const suffix = n <= 1 ? '' : String(n);
    const candidate = `${base.slice(0, USERNAME_MAX - suffix.length).replace(/\.+$/, '')}${suffix}`;
    if (!USERNAME.test(candidate)) throw new Error(`Derived username ${candidate} breaks the username rule`);
    if (!taken.has(candidate)) return candidate;
  }
}

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
      `CREATE INDEX accounts_listed_athlete_name_trgm_idx ON accounts USING gin ((${ATHLETE_NAME}) gin_trgm_ops) WHERE ${LISTED_ATHLETE}`,
    );
    await runner.query(`CREATE INDEX accounts_listed_athletes_idx ON accounts (created_at DESC, id DESC) WHERE ${LISTED_ATHLETE}`);
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
      [ATHLETE],
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
