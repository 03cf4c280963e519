import conferenceData from './conferences.json';
import schoolData from './schools.json';

export interface NamedRef {
  id: number;
  name: string;
}

/**
 * The built-in sports of spec §3 as migration 1763769700000 seeded them (ids follow the spec's
 * order). A copy, not @huddle/domain's SPORTS: a migration imports no live code, and
 * test/schema-matches-code.spec.ts checks the live list still equals the sports table.
 */
export const SPORT_SEEDS: readonly NamedRef[] = [
  'Football',
  'Basketball',
  'Baseball',
  'Softball',
  'Volleyball',
  'Soccer',
  'Lacrosse',
  'Tennis',
  'Hockey',
  'Wrestling',
  'Gymnastics',
  'Track & Field',
  'Field Hockey',
  'Swimming',
  'Crew',
  'Golf',
  'Fencing',
  'Bowling',
  'Cheerleading',
  'Rugby',
  'Water Polo',
  'Dance',
  'E-Sports',
  'Rifle',
  'Squash',
  'Pickleball',
  'Cross Country',
].map((name, index) => ({ id: index + 1, name }));

export interface DivisionSeed {
  id: number;
  name: string;
}

export interface ConferenceSeed {
  id: number;
  short_name: string;
  name: string;
  division: string;
}

export interface SchoolSeed {
  id: number;
  name: string;
  short_name: string;
  state: string;
  /** Short name of the all-sports conference. */
  conference: string;
  /** Short name of the football conference where it differs from `conference`. */
  football_conference: string | null;
  football: boolean;
  division: string;
}

export interface TeamSeed {
  id: number;
  school_id: number;
  sport_id: number;
  name: string;
}

/**
 * Conference memberships as of the 2025-26 season. The files are the snapshot the catalogue
 * migration seeded; a later realignment ships as a new migration, never as an edit here.
 */
export const DIVISION_SEEDS: readonly DivisionSeed[] = conferenceData.divisions;
export const CONFERENCE_SEEDS: readonly ConferenceSeed[] = conferenceData.conferences;
export const SCHOOL_SEEDS: readonly SchoolSeed[] = schoolData;

function sportNamed(name: string): NamedRef {
  const sport = SPORT_SEEDS.find((candidate) => candidate.name === name);
  if (!sport) throw new Error(`Unknown sport ${name}`);
  return sport;
}

/**
 * Teams are derived, not listed: every school fields basketball, and football where it plays
 * football. Ids are school id * 100 + sport id, so they are stable and readable.
 */
export function teamSeeds(schools: readonly SchoolSeed[] = SCHOOL_SEEDS): TeamSeed[] {
  const football = sportNamed('Football');
  const basketball = sportNamed('Basketball');
  return schools.flatMap((school) =>
    (school.football ? [football, basketball] : [basketball]).map((sport) => ({
      id: school.id * 100 + sport.id,
      school_id: school.id,
      sport_id: sport.id,
      name: `${school.short_name} ${sport.name}`,
    })),
  );
}
