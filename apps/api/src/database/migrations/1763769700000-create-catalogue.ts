import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CONFERENCE_SEEDS, DIVISION_SEEDS, SCHOOL_SEEDS, SPORT_SEEDS, teamSeeds } from './data/catalogue-data';
import { insertRows } from './data/seed-rows';

const AUDIT_COLUMNS = `created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()`;

function idOf(ids: ReadonlyMap<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Catalogue seed refers to unknown ${key}`);
  return id;
}

/** Reference data of spec §3: sports, divisions, conferences, schools (2025-26) and their teams. */
export class CreateCatalogue1763769700000 implements MigrationInterface {
  name = 'CreateCatalogue1763769700000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE sports (id smallint PRIMARY KEY, name varchar(50) NOT NULL UNIQUE, ${AUDIT_COLUMNS})`);
    await runner.query(`CREATE TABLE divisions (id smallint PRIMARY KEY, name varchar(50) NOT NULL UNIQUE, ${AUDIT_COLUMNS})`);
    await runner.query(`
      CREATE TABLE conferences (
        id integer PRIMARY KEY,
        name varchar(100) NOT NULL UNIQUE,
        short_name varchar(40) NOT NULL UNIQUE,
        division_id smallint NOT NULL REFERENCES divisions (id),
        ${AUDIT_COLUMNS}
      )`);
    await runner.query(`
      CREATE TABLE schools (
        id integer PRIMARY KEY,
        name varchar(150) NOT NULL UNIQUE,
        short_name varchar(60) NOT NULL,
        state char(2) NOT NULL,
        conference_id integer NOT NULL REFERENCES conferences (id),
        football_conference_id integer REFERENCES conferences (id),
        division_id smallint NOT NULL REFERENCES divisions (id),
        ${AUDIT_COLUMNS}
      )`);
    await runner.query(`CREATE INDEX schools_conference_id_idx ON schools (conference_id)`);
    await runner.query(`
      CREATE TABLE teams (
        id integer PRIMARY KEY,
        school_id integer NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
        sport_id smallint NOT NULL REFERENCES sports (id),
        name varchar(120) NOT NULL,
        ${AUDIT_COLUMNS},
        UNIQUE (school_id, sport_id)
      )`);

    const divisionIds = new Map(DIVISION_SEEDS.map((division) => [division.name, division.id]));
    const conferenceIds = new Map(CONFERENCE_SEEDS.map((conference) => [conference.short_name, conference.id]));

    await insertRows(runner, 'sports', ['id', 'name'], SPORT_SEEDS.map((sport) => [sport.id, sport.name]));
    await insertRows(runner, 'divisions', ['id', 'name'], DIVISION_SEEDS.map((division) => [division.id, division.name]));
    await insertRows(
      runner,
      'conferences',
      ['id', 'name', 'short_name', 'division_id'],
      CONFERENCE_SEEDS.map((conference) => [conference.id, conference.name, conference.short_name, idOf(divisionIds, conference.division)]),
    );
    await insertRows(
      runner,
      'schools',
      ['id', 'name', 'short_name', 'state', 'conference_id', 'football_conference_id', 'division_id'],
      SCHOOL_SEEDS.map((school) => [
        school.id,
        school.name,
        school.short_name,
        school.state,
        idOf(conferenceIds, school.conference),
        school.football_conference === null ? null : idOf(conferenceIds, school.football_conference),
        idOf(divisionIds, school.division),
      ]),
    );
    await insertRows(
      runner,
      'teams',
      ['id', 'school_id', 'sport_id', 'name'],
      teamSeeds().map((team) => [team.id, team.school_id, team.sport_id, team.name]),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE teams`);
    await runner.query(`DROP TABLE schools`);
    await runner.query(`DROP TABLE conferences`);
    await runner.query(`DROP TABLE divisions`);
    await runner.query(`DROP TABLE sports`);
  }
}
