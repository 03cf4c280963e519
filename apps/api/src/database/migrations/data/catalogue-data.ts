import { SPORTS } from '@huddle/domain';
import type { NamedRef } from '@huddle/domain';
import conferenceData from './conferences.json';
import schoolData from './schools.json';

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
  const sport = SPORTS.find((candidate) => candidate.name === name);
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
