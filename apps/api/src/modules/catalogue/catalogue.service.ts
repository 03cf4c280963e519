import { Injectable } from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { GENDERS } from '@huddle/domain';
import { AppConfig } from '../../config/app-config';
import type { ReferenceDataPayload } from './dto/reference-data.payload';
import { ConferenceEntity } from './entities/conference.entity';
import { DivisionEntity } from './entities/division.entity';
import { SchoolEntity } from './entities/school.entity';
import { SportEntity } from './entities/sport.entity';
import { TeamEntity } from './entities/team.entity';

export const DEFAULT_INTRO_VIDEO = '/media/defaults/intro.mp4';

function nameOf(names: ReadonlyMap<number, string>, id: number): string {
  return names.get(id) ?? '';
}

export type CatalogueKind = 'sports' | 'schools' | 'conferences' | 'teams';

type CatalogueIndex = Record<CatalogueKind, ReadonlyMap<number, string>>;

@Injectable()
export class CatalogueService implements OnApplicationBootstrap {
  private cached: Promise<ReferenceDataPayload> | null = null;
  private indexed: Promise<CatalogueIndex> | null = null;

  constructor(
    private readonly config: AppConfig,
    @InjectRepository(SportEntity) private readonly sports: Repository<SportEntity>,
    @InjectRepository(DivisionEntity) private readonly divisions: Repository<DivisionEntity>,
    @InjectRepository(ConferenceEntity) private readonly conferences: Repository<ConferenceEntity>,
    @InjectRepository(SchoolEntity) private readonly schools: Repository<SchoolEntity>,
    @InjectRepository(TeamEntity) private readonly teams: Repository<TeamEntity>,
  ) {}

  /**
   * Read before the API serves: the first read takes connections of its own, which must not happen
   * inside a caller's transaction (under load every pooled connection can be held by one).
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.index();
  }

  /**
   * Reference tables change only through migrations, which run before the API serves, so one
   * read per process is enough; a failed read is retried on the next call.
   */
  referenceData(): Promise<ReferenceDataPayload> {
    this.cached ??= this.load().catch((error: unknown) => {
      this.cached = null;
      throw error;
    });
    return this.cached;
  }

  /** The ids in `ids` the catalogue does not hold, for validating choices other modules store. */
  async unknownIds(kind: CatalogueKind, ids: readonly number[]): Promise<number[]> {
    const known = (await this.index())[kind];
    return ids.filter((id) => !known.has(id));
  }

  async schoolCount(): Promise<number> {
    return (await this.index()).schools.size;
  }

  /** The only school when there is exactly one (then the survey does not ask), else null. */
  async onlySchoolId(): Promise<number | null> {
    const { schools } = await this.index();
    return schools.size === 1 ? [...schools.keys()][0] : null;
  }

  async schoolName(id: number): Promise<string | null> {
    return (await this.index()).schools.get(id) ?? null;
  }

  async sportName(id: number): Promise<string | null> {
    return (await this.index()).sports.get(id) ?? null;
  }

  /** Sports whose name contains `text`, case-insensitively (the dashboard's sport search). */
  async sportIdsMatching(text: string): Promise<number[]> {
    const needle = text.trim().toLowerCase();
    return (await this.referenceData()).sports.filter((sport) => sport.name.toLowerCase().includes(needle)).map((sport) => sport.id);
  }

  /**
   * Schools whose name or short name contains `text`, case-insensitively. The catalogue is read
   * once per process, so this is a scan of a few hundred names in memory, cheaper than any query.
   */
  async schoolIdsMatching(text: string): Promise<number[]> {
    const needle = text.trim().toLowerCase();
    return (await this.referenceData()).schools
      .filter((school) => school.name.toLowerCase().includes(needle) || school.short_name.toLowerCase().includes(needle))
      .map((school) => school.id);
  }

  private index(): Promise<CatalogueIndex> {
    this.indexed ??= this.referenceData().then((data) => ({
      sports: new Map(data.sports.map((sport) => [sport.id, sport.name])),
      schools: new Map(data.schools.map((school) => [school.id, school.name])),
      conferences: new Map(data.conferences.map((conference) => [conference.id, conference.name])),
      teams: new Map(data.teams.map((team) => [team.id, team.name])),
    }));
    this.indexed.catch(() => {
      this.indexed = null;
    });
    return this.indexed;
  }

  private async load(): Promise<ReferenceDataPayload> {
    const [sports, divisions, conferences, schools, teams] = await Promise.all([
      this.sports.find({ order: { id: 'ASC' } }),
      this.divisions.find({ order: { id: 'ASC' } }),
      this.conferences.find({ order: { divisionId: 'ASC', name: 'ASC' } }),
      this.schools.find({ order: { name: 'ASC' } }),
      this.teams.find({ order: { id: 'ASC' } }),
    ]);
    const divisionNames = new Map(divisions.map((division) => [division.id, division.name]));
    const conferenceShortNames = new Map(conferences.map((conference) => [conference.id, conference.shortName]));

    return {
      sports: sports.map(({ id, name }) => ({ id, name })),
      genders: GENDERS.map(({ id, name }) => ({ id, name })),
      divisions: divisions.map(({ id, name }) => ({ id, name })),
      conferences: conferences.map((conference) => ({
        id: conference.id,
        name: conference.name,
        short_name: conference.shortName,
        division_id: conference.divisionId,
        division: nameOf(divisionNames, conference.divisionId),
      })),
      schools: schools.map((school) => ({
        id: school.id,
        name: school.name,
        short_name: school.shortName,
        state: school.state,
        conference_id: school.conferenceId,
        conference: nameOf(conferenceShortNames, school.conferenceId),
        football_conference_id: school.footballConferenceId,
        division_id: school.divisionId,
        division: nameOf(divisionNames, school.divisionId),
      })),
      teams: teams.map((team) => ({ id: team.id, school_id: team.schoolId, sport_id: team.sportId, name: team.name })),
      available_schools: schools.map((school) => school.id),
      stripe_public: this.config.STRIPE_PUBLISHABLE_KEY,
      iap_apple_products: [],
      intro_video: DEFAULT_INTRO_VIDEO,
    };
  }
}
