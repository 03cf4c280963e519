import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A business's athletes by spending, folded rows only (business-stats.query: the first athletes
 * the statistics name come from here in order, so the busiest business's 3,381 athletes are not
 * read and sorted on every visit). Appended rows stay out of it: the rollup's triggers append one
 * per change and the fold writes it, so an ordinary booking does not touch this index.
 */
export class RequesterAthletesRanked1763772950000 implements MigrationInterface {
  name = 'RequesterAthletesRanked1763772950000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX requester_athletes_ranked_idx ON requester_athletes (requester_id, spent_cents DESC, requests DESC, athlete_id) WHERE folded AND requests <> 0`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX requester_athletes_ranked_idx`);
  }
}
