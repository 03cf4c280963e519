import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { EntityManager, Repository } from 'typeorm';
import {
  APPEARANCE_TYPES,
  ATHLETE_SERVICE_TYPES,
  DEFAULT_LOCATION_TYPE,
  defaultServiceSettings,
  enabledServices,
  isAppearanceType,
  isSchoolRequired,
  LIMITS,
  MESSAGES,
  serviceRateProblem,
  servicesProblems,
  toCents,
  toDollars,
  UserType,
} from '@huddle/domain';
import type { AppearanceType, AthleteCompleteness, ServiceSettings } from '@huddle/domain';
import type { FieldErrors } from '../../common/errors/domain-error';
import { Transactions } from '../../database/transactions';
import { ACCOUNT_CREATED } from '../accounts/account-events';
import type { AccountCreatedEvent } from '../accounts/account-events';
import { CatalogueService } from '../catalogue/catalogue.service';
import { JobsService } from '../jobs/jobs.service';
import { AthletesErrors } from './athletes.errors';
import type { AthleteInfoDto } from './dto/athlete-info.dto';
import type { AthleteServicesDto, AthleteServicesInput } from './dto/athlete-services.dto';
import type { LocationDto, LocationInput } from './dto/location.dto';
import { AthleteLocationEntity } from './entities/athlete-location.entity';
import { AthleteProfileEntity } from './entities/athlete-profile.entity';
import { AthleteServiceEntity } from './entities/athlete-service.entity';
import { ATHLETE_INFO_CHANGED } from './athlete-events';
import type { AthleteInfoChangedEvent } from './athlete-events';
import { isUuid } from '../../common/validation/uuid';


/** What the wizard or the settings screens change; a missing field keeps what is stored. */
export interface AthleteInfoChanges {
  schoolId?: number | null;
  sports?: number[];
  schoolEmail?: string | null;
  services?: AthleteServicesInput;
  /** Replaces every location when given. */
  locations?: LocationInput[];
}

export interface SaveAthleteInfoOptions {
  /** The survey must be answered: a sport, and a school when there is a choice (finish-registration). */
  requireSurvey: boolean;
  /** At least one service must be enabled (finish-registration, the services screen). */
  requireService: boolean;
  /** Prefix of field names in errors ('athlete_info.' in the wizard, '' on /athlete/services). */
  fieldPrefix: string;
  /**
   * An administrator's edit may take the sports away (the athlete then becomes incomplete and
   * leaves search: section 4); an athlete's own save that sends a list must keep one sport.
   */
  allowNoSports?: boolean;
}

interface StoredAthlete {
  profile: AthleteProfileEntity | null;
  settings: ServiceSettings;
}

function servicesDto(settings: ServiceSettings, appearanceTypes: readonly AppearanceType[]): AthleteServicesDto {
  const fields: Record<string, boolean | number | string> = { appearance_type: appearanceTypes.join(',') };
  for (const type of ATHLETE_SERVICE_TYPES) {
    fields[`${type}_enabled`] = settings[type].enabled;
    fields[`${type}_rate`] = settings[type].rate;
  }
  return fields as unknown as AthleteServicesDto;
}

function locationDto(location: AthleteLocationEntity): LocationDto {
  return {
    id: location.id,
    athlete_id: location.athleteId,
    location_type: location.locationType,
    name: location.name,
    radius: location.radiusMiles,
    address: location.address,
    latitude: location.latitude,
    longitude: location.longitude,
  };
}

/** Keeps the first occurrence of each id, in order: the first sport is the one played. */
function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/**
 * An athlete's survey (school, sports), services with their rates, and travel locations. Rules
 * come from @huddle/domain (servicesProblems, isSchoolRequired, rate limits); ids are checked
 * against the catalogue through its service. Every change is validated whole before anything
 * is written, and written in one transaction.
 */
@Injectable()
export class AthletesService implements OnModuleInit {
  constructor(
    private readonly transactions: Transactions,
    private readonly catalogue: CatalogueService,
    private readonly events: EventEmitter2,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    // A job committed with the new account; initialise only inserts what is missing, so a rerun is harmless.
    this.jobs.subscribe<AccountCreatedEvent>(ACCOUNT_CREATED, 'athletes', (job) => this.onAccountCreated(job.data));
  }

  // Through the caller's transaction when there is one (the registration wizard saves in one).
  private get profiles(): Repository<AthleteProfileEntity> {
    return this.transactions.manager.getRepository(AthleteProfileEntity);
  }

  private get services(): Repository<AthleteServiceEntity> {
    return this.transactions.manager.getRepository(AthleteServiceEntity);
  }

  private get locations(): Repository<AthleteLocationEntity> {
    return this.transactions.manager.getRepository(AthleteLocationEntity);
  }

  /** Sign-up defaults (spec §9): every service off at its default rate, an empty survey. */
  async onAccountCreated(event: AccountCreatedEvent): Promise<void> {
    if (event.userType === UserType.Athlete) await this.initialise(event.accountId);
  }

  async initialise(athleteId: string): Promise<void> {
    await this.transactions.run(async () => {
      const manager = this.transactions.manager;
      await manager.createQueryBuilder().insert().into(AthleteProfileEntity).values({ accountId: athleteId }).orIgnore().execute();
      await this.writeServices(manager, athleteId, defaultServiceSettings(), true);
    });
  }

  async info(athleteId: string): Promise<AthleteInfoDto> {
    const [{ profile, settings }, locations] = await Promise.all([this.stored(athleteId), this.listLocations(athleteId)]);
    const sports = profile?.sports ?? [];
    const schoolId = profile?.schoolId ?? null;
    return {
      athlete_id: athleteId,
      school_id: schoolId,
      school_name: schoolId === null ? null : await this.catalogue.schoolName(schoolId),
      school_email: profile?.schoolEmail ?? null,
      sports: sports.join(','),
      sports_played: sports.length > 0 ? await this.catalogue.sportName(sports[0]) : null,
      athlete_services: servicesDto(settings, profile?.appearanceTypes ?? []),
      locations,
    };
  }

  /** The parts of isAthleteProfileComplete this module holds. */
  async completeness(athleteId: string): Promise<Pick<AthleteCompleteness, 'school_id' | 'sports' | 'enabled_services'>> {
    const { profile, settings } = await this.stored(athleteId);
    return { school_id: profile?.schoolId ?? null, sports: profile?.sports ?? [], enabled_services: enabledServices(settings) };
  }

  /** Every service with its state and rate in dollars (the public profile lists the enabled ones). */
  async serviceSettingsOf(athleteId: string): Promise<ServiceSettings> {
    return (await this.stored(athleteId)).settings;
  }

  async servicesOf(athleteId: string): Promise<AthleteServicesDto> {
    const { profile, settings } = await this.stored(athleteId);
    return servicesDto(settings, profile?.appearanceTypes ?? []);
  }

  /** Validates every change first (all problems at once, by field), then writes them together. */
  async save(athleteId: string, changes: AthleteInfoChanges, options: SaveAthleteInfoOptions): Promise<void> {
    const stored = await this.stored(athleteId);
    const problems: FieldErrors = {};
    const survey = await this.survey(stored.profile, changes, options, problems);
    const services = changes.services ? this.mergeServices(stored, changes.services, options, problems) : null;
    if (!changes.services && options.requireService && enabledServices(stored.settings).length === 0) {
      problems[`${options.fieldPrefix}athlete_services`] = MESSAGES.chooseServices;
    }
    if (changes.locations && changes.locations.length > LIMITS.travelLocations.max) problems[`${options.fieldPrefix}locations`] = MESSAGES.tooManyLocations;
    if (Object.keys(problems).length > 0) throw AthletesErrors.invalid(problems);

    await this.transactions.run(async () => {
      const manager = this.transactions.manager;
      if (changes.locations) await this.lockLocations(manager, athleteId);
      await manager.upsert(
        AthleteProfileEntity,
        {
          accountId: athleteId,
          schoolId: survey.schoolId,
          sports: survey.sports,
          schoolEmail: survey.schoolEmail,
          appearanceTypes: services?.appearanceTypes ?? stored.profile?.appearanceTypes ?? [],
        },
        ['accountId'],
      );
      await this.writeServices(manager, athleteId, services?.settings ?? stored.settings, false);
      if (changes.locations) {
        await manager.delete(AthleteLocationEntity, { athleteId });
        if (changes.locations.length > 0) await manager.insert(AthleteLocationEntity, changes.locations.map((location) => this.locationRow(athleteId, location)));
      }
    });
    this.transactions.afterCommit(() => this.events.emit(ATHLETE_INFO_CHANGED, { athleteId } satisfies AthleteInfoChangedEvent));
  }

  /** PUT /athlete/services: the services screen always keeps at least one service on. */
  async updateServices(athleteId: string, input: AthleteServicesInput): Promise<AthleteServicesDto> {
    await this.save(athleteId, { services: input }, { requireSurvey: false, requireService: true, fieldPrefix: '' });
    return this.servicesOf(athleteId);
  }

  async listLocations(athleteId: string): Promise<LocationDto[]> {
    const rows = await this.locations.find({ where: { athleteId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(locationDto);
  }

  /**
   * Adds one travel location, up to LIMITS.travelLocations.max per athlete. The count and the
   * insert run under the athlete's lock, so concurrent adds cannot pass the cap together.
   */
  async addLocation(athleteId: string, input: LocationInput): Promise<LocationDto> {
    const saved = await this.transactions.run(async () => {
      const manager = this.transactions.manager;
      await this.lockLocations(manager, athleteId);
      if ((await manager.countBy(AthleteLocationEntity, { athleteId })) >= LIMITS.travelLocations.max) throw AthletesErrors.tooManyLocations();
      return manager.save(manager.create(AthleteLocationEntity, this.locationRow(athleteId, input)));
    });
    return locationDto(saved);
  }

  /** Only the caller's own location can go; any other id answers 1404 and nothing changes. */
  async removeLocation(athleteId: string, locationId: string): Promise<void> {
    if (!isUuid(locationId)) throw AthletesErrors.locationNotFound();
    const result = await this.locations.delete({ id: locationId, athleteId });
    if (!result.affected) throw AthletesErrors.locationNotFound();
  }

  private async stored(athleteId: string): Promise<StoredAthlete> {
    const [profile, rows] = await Promise.all([this.profiles.findOneBy({ accountId: athleteId }), this.services.findBy({ athleteId })]);
    // Accounts made before their rows exist (admin tools, fixtures) read as the sign-up defaults.
    const settings = defaultServiceSettings();
    for (const row of rows) settings[row.serviceType] = { enabled: row.enabled, rate: toDollars(row.rateCents) };
    return { profile, settings };
  }

  private async survey(
    profile: AthleteProfileEntity | null,
    changes: AthleteInfoChanges,
    options: SaveAthleteInfoOptions,
    problems: FieldErrors,
  ): Promise<{ schoolId: number | null; sports: number[]; schoolEmail: string | null }> {
    const prefix = options.fieldPrefix;
    let schoolId = changes.schoolId !== undefined ? changes.schoolId : (profile?.schoolId ?? null);
    const sports = changes.sports !== undefined ? unique(changes.sports) : (profile?.sports ?? []);
    const schoolEmail = changes.schoolEmail !== undefined ? changes.schoolEmail || null : (profile?.schoolEmail ?? null);

    if (changes.schoolId !== undefined && changes.schoolId !== null && (await this.catalogue.unknownIds('schools', [changes.schoolId])).length > 0) {
      problems[`${prefix}school_id`] = MESSAGES.chooseSchool;
    }
    if ((await this.catalogue.unknownIds('sports', sports)).length > 0) problems[`${prefix}sports`] = MESSAGES.unknownChoice;
    // A list of sports that is sent must hold one (spec §5's survey), in the wizard's steps and on
    // /settings/survey alike: left out, the stored sports stay.
    if (changes.sports !== undefined && sports.length === 0 && !options.allowNoSports) problems[`${prefix}sports`] = MESSAGES.chooseSport;

    if (options.requireSurvey) {
      if (sports.length === 0) problems[`${prefix}sports`] = MESSAGES.chooseSport;
      if (schoolId === null) {
        // With a single school there is nothing to choose: it is the athlete's school.
        if (isSchoolRequired(await this.catalogue.schoolCount())) problems[`${prefix}school_id`] = MESSAGES.chooseSchool;
        else schoolId = await this.catalogue.onlySchoolId();
      }
    }
    return { schoolId, sports, schoolEmail };
  }

  private mergeServices(
    stored: StoredAthlete,
    input: AthleteServicesInput,
    options: SaveAthleteInfoOptions,
    problems: FieldErrors,
  ): { settings: ServiceSettings; appearanceTypes: AppearanceType[] } {
    const prefix = options.fieldPrefix ? `${options.fieldPrefix}athlete_services.` : '';
    const fields = input as Partial<Record<string, boolean | number>>;
    const settings = { ...stored.settings };
    for (const type of ATHLETE_SERVICE_TYPES) {
      const enabled = fields[`${type}_enabled`];
      const rate = fields[`${type}_rate`];
      settings[type] = {
        enabled: typeof enabled === 'boolean' ? enabled : settings[type].enabled,
        rate: typeof rate === 'number' ? rate : settings[type].rate,
      };
      // A rate that is sent is checked even for a service left off: it is what turning it on would charge.
      const rateProblem = typeof rate === 'number' ? serviceRateProblem(type, rate) : null;
      if (rateProblem) problems[`${prefix}${type}_rate`] = rateProblem;
    }

    const found = servicesProblems(settings);
    for (const [type, message] of Object.entries(found.rates)) problems[`${prefix}${type}_rate`] ??= message;
    if (found.form && options.requireService) problems[prefix ? `${options.fieldPrefix}athlete_services` : 'athlete_services'] = found.form;

    let appearanceTypes = stored.profile?.appearanceTypes ?? [];
    if (input.appearance_type !== undefined) {
      const listed = input.appearance_type
        .split(',')
        .map((value) => value.trim())
        .filter((value) => value !== '');
      if (listed.every(isAppearanceType)) appearanceTypes = APPEARANCE_TYPES.filter((type) => listed.includes(type));
      else problems[`${prefix}appearance_type`] = MESSAGES.unknownChoice;
    }
    return { settings, appearanceTypes };
  }

  /**
   * Serialises changes to one athlete's locations until the transaction ends (a transaction-level
   * advisory lock keyed by the athlete: no row needs to exist, and other athletes never wait).
   */
  private async lockLocations(manager: EntityManager, athleteId: string): Promise<void> {
    await manager.query("SELECT pg_advisory_xact_lock(hashtext('athlete_locations'), hashtext($1))", [athleteId]);
  }

  private async writeServices(manager: EntityManager, athleteId: string, settings: ServiceSettings, onlyMissing: boolean): Promise<void> {
    const rows = ATHLETE_SERVICE_TYPES.map((type) => ({ athleteId, serviceType: type, enabled: settings[type].enabled, rateCents: toCents(settings[type].rate) }));
    const insert = manager.createQueryBuilder().insert().into(AthleteServiceEntity).values(rows);
    if (onlyMissing) await insert.orIgnore().execute();
    else await insert.orUpdate(['enabled', 'rate_cents', 'updated_at'], ['athlete_id', 'service_type']).execute();
  }

  private locationRow(athleteId: string, input: LocationInput): Partial<AthleteLocationEntity> {
    return {
      athleteId,
      locationType: input.location_type ?? DEFAULT_LOCATION_TYPE,
      name: input.name,
      radiusMiles: input.radius,
      address: input.address,
      latitude: input.latitude,
      longitude: input.longitude,
    };
  }
}
