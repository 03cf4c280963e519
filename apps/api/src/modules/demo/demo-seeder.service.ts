import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ATHLETE_SERVICE_TYPES, firstFreeUsername, isUserTypeCode, LIMITS, SPORTS, toCents, usernameBaseOf, UserType } from '@huddle/domain';
import { DEFAULT_PLATFORM_FEE_PERCENT, splitAmount } from '@huddle/domain/request-actions';
import type { AthleteServiceType } from '@huddle/domain';
import { findWorkspaceRoot } from '../../config/workspace-root';
import { ADVISORY_LOCKS, withAdvisoryLock } from '../../database/advisory-lock';
import demoAccounts from '../../database/seed/demo-accounts.json';
import { AccountProfileService } from '../accounts/account-profile.service';
import type { BusinessInfoInput } from '../accounts/dto/business-info.input';
import { AccountsService } from '../accounts/accounts.service';
import type { ImportedAccount } from '../accounts/accounts.service';
import { AthletesService } from '../athletes/athletes.service';
import type { AthleteServicesInput } from '../athletes/dto/athlete-services.dto';
import { PasswordHasher } from '../auth/password-hasher.service';
import { BookingService } from '../booking/booking.service';
import type { ImportedFinishedRequest } from '../booking/booking.service';
import { CatalogueService } from '../catalogue/catalogue.service';
import { MediaService } from '../media/media.service';
import { demoAthleteSpecs, pick, REQUEST_NAMES, REVIEW_COMMENTS, seededRandom } from './demo-athletes';
import type { DemoAthleteSpec, Random } from './demo-athletes';
import { renderPortrait } from './demo-portrait';
import { DemoMoney } from './demo-money';
import { DemoRequests } from './demo-requests';

export interface DemoAccount {
  role: string;
  user_type: number;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = demoAccounts;

/**
 * The demo business's company details, complete as its settings form requires them, so the demo
 * business can save its own profile.
 */
export const DEMO_BUSINESS_INFO: BusinessInfoInput = {
  name: 'Summit Sports Co.',
  email: 'partnerships@summitsports.example',
  phone: '+13105550142',
  website: 'https://summitsports.example',
  about: 'Family-owned sporting goods store in Los Angeles since 1998, sponsoring youth leagues across the county.',
  description: 'We team up with college athletes for store appearances, youth clinics and social campaigns.',
  category_list: 'Sporting Goods Store',
  single_line_address: '1450 Sunset Blvd, Los Angeles, CA 90026',
};

/** Every seeded athlete's intro video: one small MP4 shipped with the API (see assets/demo/README.md). */
export const DEMO_INTRO_VIDEO = join(findWorkspaceRoot(), 'apps/api/assets/demo/intro.mp4');

/** Athletes seeded besides the demo athlete account. */
export const SEEDED_ATHLETES = 64;
const DEMO_SEED = 20260104;
// Distinct schools the seeded athletes spread over.
const DEMO_SCHOOLS = 36;
// Portraits are rendered a few at a time: enough to use both cores, bounded in memory.
const RENDER_CONCURRENCY = 4;
const DAY_MS = 86_400_000;

interface SeededAthlete {
  id: string;
  spec: DemoAthleteSpec;
}

/**
 * Fills an empty database with a believable demo so `npm start` shows a working product: the
 * four sign-in accounts of demo-accounts.json (the athlete among them made a complete athlete),
 * 64 more complete athletes across sports and schools with drawn portraits, services and social
 * links, and finished requests from the demo fan and business, most of them reviewed. A seeded
 * generator makes it the same demo every time. It never touches a database that already has
 * accounts, so a restart keeps whatever was changed.
 *
 * Seeded athletes are trusted data marked complete directly, and cannot sign in (no password).
 * They all show one stored intro video (DEMO_INTRO_VIDEO, owned by the demo athlete account), and
 * the demo business has complete company details.
 */
@Injectable()
export class DemoSeeder {
  private readonly logger = new Logger('DemoSeeder');

  constructor(
    private readonly accounts: AccountsService,
    private readonly athletes: AthletesService,
    private readonly catalogue: CatalogueService,
    private readonly media: MediaService,
    private readonly booking: BookingService,
    private readonly profiles: AccountProfileService,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly demoRequests: DemoRequests,
    private readonly demoMoney: DemoMoney,
  ) {}

  /**
   * Under an advisory lock: of several API processes starting together on an empty database, one
   * seeds and the others, let in after it, find accounts and leave them.
   */
  async seedIfEmpty(): Promise<boolean> {
    return withAdvisoryLock(this.dataSource, ADVISORY_LOCKS.demoSeed, () => this.seedUnlocked());
  }

  private async seedUnlocked(): Promise<boolean> {
    if ((await this.accounts.count()) > 0) return false;
    const started = Date.now();
    const ids = new Map<number, string>();
    for (const demo of DEMO_ACCOUNTS) {
      if (!isUserTypeCode(demo.user_type)) throw new Error(`Demo account ${demo.email} has an unknown user type`);
      const account = await this.accounts.createWithPassword({
        userType: demo.user_type,
        email: demo.email,
        passwordHash: await this.hasher.hash(demo.password),
        phone: demo.phone,
        firstName: demo.first_name,
        lastName: demo.last_name,
        profileCompleted: true,
      });
      ids.set(demo.user_type, account.id);
    }

    const random = seededRandom(DEMO_SEED);
    const schoolIds = await this.schoolIds(random);
    const schoolNames = await Promise.all(schoolIds.map((id) => this.catalogue.schoolName(id)));
    const specs = demoAthleteSpecs(random, SEEDED_ATHLETES + 1, (index) => schoolNames[index % schoolNames.length] ?? 'college');
    // The first spec dresses the demo athlete account (Jordan Miles keeps its name).
    const [demoSpec, ...seededSpecs] = specs;
    const demoAthleteId = ids.get(UserType.Athlete);
    if (!demoAthleteId) throw new Error('demo-accounts.json has no athlete');
    const demoAthlete = await this.accounts.ensureUsername(demoAthleteId);
    const intro = await this.media.storeGeneratedIntro(demoAthleteId, DEMO_INTRO_VIDEO);

    const athletes: SeededAthlete[] = [{ id: demoAthleteId, spec: { ...demoSpec, firstName: demoAthlete.firstName ?? '', lastName: demoAthlete.lastName ?? '' } }];
    athletes.push(...(await this.importAthletes(seededSpecs, demoAthlete.username ?? '', intro.path, started)));

    await forEachBounded(athletes, RENDER_CONCURRENCY, (athlete, index) => this.dressAthlete(athlete, schoolIds[index % schoolIds.length]));
    await this.describeDemoAthlete(athletes[0], intro.path);

    const fanId = ids.get(UserType.Fan);
    const businessId = ids.get(UserType.Business);
    if (!fanId || !businessId) throw new Error('demo-accounts.json needs a fan and a business');
    await this.profiles.saveBusinessInfo(businessId, DEMO_BUSINESS_INFO);
    const adminId = ids.get(UserType.Admin);
    if (!adminId) throw new Error('demo-accounts.json needs an administrator');
    const requests = this.finishedRequests(random, athletes, [fanId, businessId], adminId, started);
    await this.booking.importFinished(requests);
    const others = athletes.slice(1, 3).map((athlete) => athlete.id);
    const live = await this.demoRequests.seed({ athlete: demoAthleteId, fan: fanId, business: businessId, others }, intro.path, Math.floor(started / 1000));
    const athleteEmail = DEMO_ACCOUNTS.find((demo) => demo.user_type === UserType.Athlete)?.email;
    if (!athleteEmail) throw new Error('demo-accounts.json needs an athlete');
    await this.demoMoney.seed({ athlete: demoAthleteId, athleteEmail, fan: fanId, admin: adminId }, Math.floor(started / 1000));

    this.logger.log(
      `Seeded ${DEMO_ACCOUNTS.length} demo accounts, ${athletes.length} athletes, ${requests.length} finished requests ` +
        `(${requests.filter((request) => request.review).length} reviewed), ${live} live requests of the demo accounts in ${Date.now() - started} ms`,
    );
    return true;
  }

  /** Schools spread over the catalogue, the same ones every time. */
  private async schoolIds(random: Random): Promise<number[]> {
    const { schools } = await this.catalogue.referenceData();
    const ids = schools.map((school) => school.id).sort((a, b) => a - b);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(DEMO_SCHOOLS, ids.length)) chosen.add(pick(random, ids));
    return [...chosen];
  }

  /** One insert for every seeded account; newer indexes first on the dashboard, a minute apart. */
  private async importAthletes(specs: readonly DemoAthleteSpec[], demoUsername: string, introVideo: string, now: number): Promise<SeededAthlete[]> {
    const taken = new Set([demoUsername]);
    const rows: ImportedAccount[] = specs.map((spec, index) => {
      const username = firstFreeUsername(usernameBaseOf(spec.firstName, spec.lastName), taken);
      taken.add(username);
      return {
        userType: UserType.Athlete,
        email: `${username}@athletes.huddle.test`,
        phone: `+1310555${String(2000 + index).padStart(4, '0')}`,
        firstName: spec.firstName,
        lastName: spec.lastName,
        gender: spec.gender,
        username,
        description: spec.description,
        profilePhoto: null,
        dashboardPhoto: null,
        introVideo,
        instagramLink: `https://instagram.com/${username.replace(/\./g, '_')}`,
        tiktokLink: index % 2 === 0 ? `https://www.tiktok.com/@${username.replace(/\./g, '')}` : null,
        twitterLink: index % 3 === 0 ? `https://x.com/${username.replace(/\./g, '_')}` : null,
        snapchatLink: null,
        facebookLink: null,
        createdAt: new Date(now - (index + 1) * 60_000),
      };
    });
    const ids = await this.accounts.importAccounts(rows);
    return ids.map((id, index) => ({ id, spec: specs[index] }));
  }

  /** Portrait, survey and services of one athlete. */
  private async dressAthlete({ id, spec }: SeededAthlete, schoolId: number): Promise<void> {
    const sportName = SPORTS.find((sport) => sport.id === spec.sportIds[0])?.name ?? '';
    const portrait = await renderPortrait({ initials: `${spec.firstName[0]}${spec.lastName[0]}`, sport: sportName, colors: spec.colors });
    const photos = await this.media.storeGeneratedPhotos(id, portrait.profile, portrait.dashboard);
    await this.accounts.update(id, { profilePhoto: photos.path, dashboardPhoto: photos.second_path });

    const services: Record<string, boolean | number> = {};
    for (const type of ATHLETE_SERVICE_TYPES) {
      const rate = spec.services[type];
      services[`${type}_enabled`] = rate !== undefined;
      if (rate !== undefined) services[`${type}_rate`] = rate;
    }
    await this.athletes.save(
      id,
      { schoolId, sports: spec.sportIds, services: services as AthleteServicesInput },
      { requireSurvey: true, requireService: true, fieldPrefix: '' },
    );
  }

  private async describeDemoAthlete({ id, spec }: SeededAthlete, introVideo: string): Promise<void> {
    await this.accounts.update(id, {
      introVideo,
      gender: spec.gender,
      description: spec.description.slice(0, LIMITS.description.max),
      instagramLink: 'https://instagram.com/jordan_miles',
      tiktokLink: 'https://www.tiktok.com/@jordanmiles',
    });
  }

  /**
   * The months before the demo: one to four finished requests for most athletes, alternating the
   * demo fan and business, of services the athlete offers and at its rate; most get a 3-5 star
   * review. Each was paid by card and, a few days after it finished, paid out to its athlete
   * (marked by the demo administrator, as money that reached them outside Huddle's transfers), so
   * the statistics, the locker room and the payouts agree with the requests. The demo's own payable money comes from its live requests (DemoMoney).
   */
  private finishedRequests(random: Random, athletes: readonly SeededAthlete[], requesters: readonly string[], adminId: string, now: number): ImportedFinishedRequest[] {
    const requests: ImportedFinishedRequest[] = [];
    athletes.forEach(({ id, spec }, index) => {
      // Every fifth athlete is new on Huddle: nothing booked yet, so the empty states show too.
      if (index % 5 === 4) return;
      const offered = Object.keys(spec.services) as AthleteServiceType[];
      const count = 1 + Math.floor(random() * 4);
      for (let n = 0; n < count; n += 1) {
        const type = pick(random, offered);
        const amountCents = toCents(spec.services[type] ?? 0);
        const createdAt = new Date(now - (3 + Math.floor(random() * 120)) * DAY_MS - Math.floor(random() * DAY_MS));
        // Finished by a few hours ago at the latest: a booking of three days ago is not finished tomorrow.
        const finishedAt = new Date(Math.min(createdAt.getTime() + (1 + Math.floor(random() * 6)) * DAY_MS, now - DAY_MS / 8));
        const stars = random() < 0.6 ? 5 : random() < 0.75 ? 4 : 3;
        const reviewed = random() < 0.85;
        requests.push({
          type,
          athleteId: id,
          requesterId: requesters[(index + n) % requesters.length],
          name: pick(random, REQUEST_NAMES[type]),
          requestAmountCents: amountCents,
          feeAmountCents: splitAmount(amountCents, DEFAULT_PLATFORM_FEE_PERCENT).feeCents,
          socialMediaPlatform: type === 'endorsement' ? 'instagram,tiktok' : null,
          details: {},
          createdAt,
          acceptedAt: new Date(createdAt.getTime() + DAY_MS / 4),
          finishedAt,
          // Reviewed half a day after it finished, or an hour ago for one that finished lately.
          review: reviewed ? { rate: stars, comment: pick(random, REVIEW_COMMENTS[stars]), submittedAt: new Date(Math.min(finishedAt.getTime() + DAY_MS / 2, now - DAY_MS / 24)) } : null,
          paidOut: { by: adminId, at: new Date(Math.min(finishedAt.getTime() + 3 * DAY_MS, now - DAY_MS / 24)) },
        });
      }
    });
    return requests;
  }
}

/** Runs `work` over items with at most `limit` at a time. */
async function forEachBounded<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
