import {
  APPEARANCE_TYPES,
  ATHLETE_SERVICE_TYPES,
  LIMITS,
  LOCATION_SERVICE_TYPES,
  REQUEST_STATUS_CODES,
  RequestStatus,
  SERVICE_TYPES,
  SPORTS,
  UserType,
} from '@huddle/domain';
import { athleteNameExpression, listedAthletePredicate } from '../src/modules/discovery/athlete-listing.sql';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

/**
 * Migrations carry their SQL literally (they import no live code), so nothing keeps the live code
 * and the database in step but this spec: after migrating an empty database, the rules the code
 * applies must be the ones the schema holds. A failure means a rule changed without a migration.
 */
describe('the live code matches the migrated schema', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function constraint(name: string): Promise<string> {
    const rows: Array<{ definition: string }> = await testApp.dataSource.query(
      'SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = $1',
      [name],
    );
    if (rows.length !== 1) throw new Error(`No constraint ${name}`);
    return rows[0].definition;
  }

  /** The quoted strings of a CHECK, in order ('a'::character varying, ... gives a, ...). */
  function quotedValues(definition: string): string[] {
    return [...definition.matchAll(/'([^']*)'/g)].map((match) => match[1]);
  }

  /** The integers of the one ARRAY[...] of a CHECK. */
  function arrayNumbers(definition: string): number[] {
    const list = /ARRAY\[([^\]]*)\]/.exec(definition);
    if (!list) throw new Error(`No ARRAY in ${definition}`);
    return list[1].split(',').map((value) => Number(value.trim()));
  }

  /**
   * How PostgreSQL itself prints an index built from the live SQL: the same statement is run on a
   * scratch index inside a transaction that is rolled back, so both sides go through the server's
   * own normalisation (casts, parentheses) before they are compared.
   */
  async function normalisedIndex(name: string, createStatement: (scratchName: string) => string): Promise<{ stored: string; live: string }> {
    const definition = async (runner: { query: TestApp['dataSource']['query'] }, index: string): Promise<string> => {
      const rows: Array<{ definition: string }> = await runner.query(
        `SELECT pg_get_indexdef(i.indexrelid) AS definition, pg_get_expr(i.indpred, i.indrelid) AS predicate
           FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1`,
        [index],
      );
      if (rows.length !== 1) throw new Error(`No index ${index}`);
      return rows[0].definition.replace(index, '<index>');
    };
    const stored = await definition(testApp.dataSource, name);
    const runner = testApp.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      await runner.query(createStatement('schema_check_scratch_idx'));
      return { stored, live: await definition(runner, 'schema_check_scratch_idx') };
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  }

  it("indexes exactly the live listing predicate and name expression (discovery's athlete-listing.sql)", async () => {
    const newest = await normalisedIndex(
      'accounts_listed_athletes_idx',
      (scratch) => `CREATE INDEX ${scratch} ON accounts (created_at DESC, id DESC) WHERE ${listedAthletePredicate()}`,
    );
    expect(newest.live).toBe(newest.stored);
    const names = await normalisedIndex(
      'accounts_listed_athlete_name_trgm_idx',
      (scratch) => `CREATE INDEX ${scratch} ON accounts USING gin ((${athleteNameExpression()}) gin_trgm_ops) WHERE ${listedAthletePredicate()}`,
    );
    expect(names.live).toBe(names.stored);
    // The stored predicate names the athlete type: a changed UserType code shows here too.
    expect(names.stored).toContain(`user_type = ${UserType.Athlete}`);
  });

  it("checks requests against the domain's request statuses and service types", async () => {
    expect(arrayNumbers(await constraint('requests_status_check'))).toEqual([...REQUEST_STATUS_CODES]);
    expect([...REQUEST_STATUS_CODES].sort()).toEqual(Object.values(RequestStatus).sort());
    expect(quotedValues(await constraint('requests_type_check'))).toEqual([...SERVICE_TYPES]);
    expect(await constraint('requests_check')).toContain(`status <> ${RequestStatus.Finished}`);
    const finished = await normalisedIndex(
      'requests_athlete_finished_idx',
      (scratch) => `CREATE INDEX ${scratch} ON requests (athlete_id, finished_at DESC, id) WHERE status = ${RequestStatus.Finished}`,
    );
    expect(finished.live).toBe(finished.stored);
  });

  it("checks athletes' services, locations and appearances against the domain's lists", async () => {
    expect(quotedValues(await constraint('athlete_services_service_type_check'))).toEqual([...ATHLETE_SERVICE_TYPES]);
    // The DEFAULT is part of the column, not the CHECK: only the allowed list is compared.
    expect(quotedValues(await constraint('athlete_locations_location_type_check'))).toEqual([...LOCATION_SERVICE_TYPES]);
    expect(await constraint('athlete_locations_radius_miles_check')).toBe(`CHECK ((radius_miles >= ${LIMITS.map.minRadiusMiles}))`);
    expect(quotedValues(await constraint('athlete_profiles_appearance_types_check'))).toEqual([...APPEARANCE_TYPES]);
  });

  it("checks account types against the domain's user types and seeds the domain's sports", async () => {
    const userTypes = Object.values(UserType);
    expect(await constraint('accounts_user_type_check')).toBe(`CHECK (((user_type >= ${Math.min(...userTypes)}) AND (user_type <= ${Math.max(...userTypes)})))`);
    const sports: Array<{ id: number; name: string }> = await testApp.dataSource.query('SELECT id, name FROM sports ORDER BY id');
    expect(sports).toEqual(SPORTS.map((sport) => ({ id: sport.id, name: sport.name })));
  });
});
