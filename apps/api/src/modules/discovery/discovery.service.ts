import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { ATHLETE_SERVICE_TYPES, isHourly, UserType } from '@huddle/domain';
import { AthletesService } from '../athletes/athletes.service';
import { BookingService } from '../booking/booking.service';
import { AppConfig } from '../../config/app-config';
import { ClusterBus } from '../../database/cluster-bus';
import { ACCOUNT_CHANGED } from '../accounts/account-events';
import type { AccountChangedEvent } from '../accounts/account-events';
import { ATHLETE_INFO_CHANGED } from '../athletes/athlete-events';
import { ATHLETE_REVIEWS_CHANGED } from '../booking/booking-events';
import { CatalogueService } from '../catalogue/catalogue.service';
import { MediaService } from '../media/media.service';
import { AthleteActivityQuery } from './athlete-activity.query';
import { athleteCard } from './athlete-card';
import { AthleteDirectoryQuery } from './athlete-directory.query';
import type { AthleteFilter, ListedAthleteDetailRow, ListedAthleteRow } from './athlete-directory.query';
import { DiscoveryErrors } from './discovery.errors';
import { SHOUTOUT_VIDEO_ROUTE } from './dto/athlete-public.dto';
import { ExpiringCache } from './expiring-cache';
import type { AthleteProfileDto, AthletePublicPayload } from './dto/athlete-public.dto';
import { DEFAULT_PAGE_SIZE, DEFAULT_RECENT_LIMIT } from './dto/athlete-search.dto';
import type { AthleteCardDto, AthleteLookupQuery, AthleteSearchPayload, AthleteSearchQuery, SearchField } from './dto/athlete-search.dto';
import { isUuid } from '../../common/validation/uuid';

// The profile's History tab shows at most this many finished requests (docs/discovery-contract.md).
const HISTORY_LIMIT = 20;
// The profile shows the latest reviews; older ones still count in the rating.
const MAX_PROFILE_REVIEWS = 50;
// The profile's preview reel shows the latest finished shoutouts.
const MAX_PROFILE_SHOUTOUTS = 20;
// How long a counted total is reused. Counting thousands of matches costs more than the page
// itself; a total that trails a new sign-up by a few seconds does not mislead a pager.
export const TOTALS_TTL_MS = 5_000;
// Distinct searches remembered at once, per cache; the oldest is dropped first.
const MAX_CACHED_SEARCHES = 2_000;
// Where one API process tells the others that the athlete listings changed (ClusterBus).
export const LISTINGS_CHANGED_CHANNEL = 'huddle_athlete_listings_changed';

/** Lowercased, trimmed, inner runs of space as one: the form searches are matched and cached by. */
function normalisedFilter(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Where a profile's shoutout plays: the route that checks it is on the reel, never a media path. */
function shoutoutVideoUrl(requestId: string): string {
  return `${SHOUTOUT_VIDEO_ROUTE}?id=${requestId}`;
}

/**
 * Finding athletes: the dashboard search, the campaign picker, "booked recently" and the public
 * profile. Only complete, unblocked, live athletes are ever listed or shown. Names of sports and
 * schools come from the catalogue's per-process cache, reviews and history from AthleteActivityQuery.
 *
 * Searches are public and the same for everyone, and the dashboard's first page (no filter) is
 * what every visitor opens, so identical searches share one answer for SEARCH_CACHE_TTL_MS and
 * totals for TOTALS_TTL_MS, then one more period stale while a single refresh runs
 * (ExpiringCache). Any change to an athlete's account, survey, services or reviews clears both at
 * once (events below), so a change shows on the next search. The other API processes on the same
 * database (API_WORKERS > 1, other hosts) hear of it through ClusterBus and clear theirs too; the
 * time to live bounds only writes made behind the services' back. Profiles are always read fresh.
 */
@Injectable()
export class DiscoveryService implements OnModuleInit {
  private readonly totals = new ExpiringCache<number>(TOTALS_TTL_MS, MAX_CACHED_SEARCHES);
  private readonly pages: ExpiringCache<AthleteSearchPayload>;

  constructor(
    private readonly directory: AthleteDirectoryQuery,
    private readonly activity: AthleteActivityQuery,
    private readonly catalogue: CatalogueService,
    private readonly booking: BookingService,
    private readonly athletes: AthletesService,
    private readonly media: MediaService,
    private readonly bus: ClusterBus,
    config: AppConfig,
  ) {
    this.pages = new ExpiringCache<AthleteSearchPayload>(config.SEARCH_CACHE_TTL_MS, MAX_CACHED_SEARCHES);
  }

  search(query: AthleteSearchQuery, endorsementOnly: boolean): Promise<AthleteSearchPayload> {
    const field = query.field ?? 'name';
    const text = normalisedFilter(query.filter ?? '');
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
    const key = JSON.stringify([endorsementOnly, text === '' ? '' : field, text, page, pageSize]);
    return this.pages.get(key, () => this.searchUncached(field, text, endorsementOnly, page, pageSize));
  }

  onModuleInit(): void {
    this.bus.subscribe(LISTINGS_CHANGED_CHANNEL, () => this.clearListings());
  }

  /** Only athletes are listed: a fan or business editing a profile leaves the listings alone. */
  @OnEvent(ACCOUNT_CHANGED)
  onAccountChanged(event: AccountChangedEvent): void {
    if (event.accounts.some((account) => account.userType === UserType.Athlete)) this.forgetListings();
  }

  /** Listings read before a change must not outlive it. (An array would name one namespaced event.) */
  @OnEvent(ATHLETE_INFO_CHANGED)
  @OnEvent(ATHLETE_REVIEWS_CHANGED)
  forgetListings(): void {
    this.clearListings();
    void this.bus.publish(LISTINGS_CHANGED_CHANNEL);
  }

  private clearListings(): void {
    this.pages.clear();
    this.totals.clear();
  }

  private async searchUncached(field: SearchField, text: string, endorsementOnly: boolean, page: number, pageSize: number): Promise<AthleteSearchPayload> {
    const filter = await this.filterOf(field, text);
    // A sport or school name that matches nothing in the catalogue cannot match an athlete.
    if (filter === null) return { athletes: [], total: 0, page, page_size: pageSize };

    const [athletes, total] = await Promise.all([
      this.directory.page({ filter, endorsementOnly, limit: pageSize, offset: (page - 1) * pageSize }).then((rows) => this.cards(rows)),
      this.totals.get(JSON.stringify([endorsementOnly, filter]), () => this.directory.count({ filter, endorsementOnly })),
    ]);
    return { athletes, total, page, page_size: pageSize };
  }

  /** Athletes the requester booked, most recent first, topped up with the newest athletes. */
  async recent(requesterId: string, limit = DEFAULT_RECENT_LIMIT): Promise<AthleteCardDto[]> {
    const bookedIds = await this.booking.recentAthletesOf(requesterId, limit);
    const booked = new Map((await this.directory.byIds(bookedIds)).map((row) => [row.id, row]));
    const rows = bookedIds.flatMap((id) => booked.get(id) ?? []);
    if (rows.length < limit) {
      // Over-fetch by the booked count so the newest athletes still fill the list after removing duplicates.
      const newest = await this.directory.page({ filter: { kind: 'all' }, endorsementOnly: false, limit: limit + rows.length, offset: 0 });
      for (const row of newest) {
        if (rows.length >= limit) break;
        if (!booked.has(row.id)) rows.push(row);
      }
    }
    return this.cards(rows);
  }

  async profile(query: AthleteLookupQuery): Promise<AthletePublicPayload> {
    let row: ListedAthleteDetailRow | null;
    if (query.athlete_id) {
      // A malformed id names no athlete: the same 1404 as an unknown one.
      row = isUuid(query.athlete_id) ? await this.directory.detail({ athleteId: query.athlete_id }) : null;
    } else if (query.username) {
      row = await this.directory.detail({ username: query.username });
    } else {
      throw DiscoveryErrors.athleteKeyRequired();
    }
    if (!row) throw DiscoveryErrors.athleteNotFound();

    const [settings, reviews, shoutouts, history, sports, schoolName] = await Promise.all([
      this.athletes.serviceSettingsOf(row.id),
      this.activity.reviewsOf(row.id, MAX_PROFILE_REVIEWS),
      this.activity.shoutoutsOf(row.id, MAX_PROFILE_SHOUTOUTS),
      this.activity.historyOf(row.id, HISTORY_LIMIT),
      this.sportsOf(row.sports ?? []),
      row.school_id === null ? null : this.catalogue.schoolName(row.school_id),
    ]);
    const athlete: AthleteProfileDto = {
      athlete_id: row.id,
      username: row.username,
      first_name: row.first_name,
      last_name: row.last_name,
      description: row.description,
      profile_photo: row.profile_photo,
      dashboard_photo: row.dashboard_photo,
      intro_video: row.intro_video,
      gender: row.gender,
      school_id: row.school_id,
      school_name: schoolName,
      sports,
      sports_played: sports[0]?.name ?? null,
      tiktok_link: row.tiktok_link,
      twitter_link: row.twitter_link,
      snapchat_link: row.snapchat_link,
      facebook_link: row.facebook_link,
      instagram_link: row.instagram_link,
      services: ATHLETE_SERVICE_TYPES.filter((type) => settings[type].enabled).map((type) => ({ type, rate: settings[type].rate, per_hour: isHourly(type) })),
      rating: row.rating === null ? null : Number(row.rating),
      reviews_count: row.reviews_count,
      profile_url_path: row.username ? `/@${row.username}` : null,
    };
    return {
      athlete,
      reviews: reviews.map((review) => ({
        rate: review.rate,
        submitted_at: unixSeconds(review.submittedAt),
        reviewer_name: review.reviewerName,
        reviewer_image: review.reviewerImage,
        comment: review.comment,
      })),
      shoutouts: shoutouts.map((shoutout) => ({ id: shoutout.id, video: shoutoutVideoUrl(shoutout.id), created_at: unixSeconds(shoutout.createdAt) })),
      history: history.map((item) => ({ type: item.type, finished_at: unixSeconds(item.finishedAt), requester_name: item.requesterName })),
    };
  }

  /**
   * A signed URL (relative to the API root, short-lived) of the watermarked copy of a shoutout on a
   * public profile's reel; 1404 for anything else (an unknown id, another type, an unfinished or
   * unrendered shoutout, an athlete no longer listed), so nothing but the reel is reachable here.
   */
  async shoutoutVideo(requestId: string): Promise<string> {
    const path = isUuid(requestId) ? await this.activity.shoutoutVideoOf(requestId) : null;
    if (!path) throw DiscoveryErrors.shoutoutNotFound();
    return this.media.signedUrl(path);
  }

  /** The listing filter of a search, or null when its sport or school name matches nothing. */
  private async filterOf(field: SearchField, normalised: string): Promise<AthleteFilter | null> {
    if (normalised === '') return { kind: 'all' };
    if (field === 'name') return { kind: 'name', text: normalised };
    const ids = field === 'sport' ? await this.catalogue.sportIdsMatching(normalised) : await this.catalogue.schoolIdsMatching(normalised);
    if (ids.length === 0) return null;
    return field === 'sport' ? { kind: 'sports', ids } : { kind: 'schools', ids };
  }

  private cards(rows: readonly ListedAthleteRow[]): Promise<AthleteCardDto[]> {
    return Promise.all(rows.map((row) => this.card(row)));
  }

  private async card(row: ListedAthleteRow): Promise<AthleteCardDto> {
    const firstSport = row.sports?.[0];
    return athleteCard(row, {
      sport: firstSport === undefined ? null : await this.catalogue.sportName(firstSport),
      school: row.school_id === null ? null : await this.catalogue.schoolName(row.school_id),
    });
  }

  private async sportsOf(ids: readonly number[]): Promise<Array<{ id: number; name: string }>> {
    const names = await Promise.all(ids.map((id) => this.catalogue.sportName(id)));
    return ids.flatMap((id, index) => {
      const name = names[index];
      return name === null ? [] : [{ id, name }];
    });
  }
}
