import { Injectable } from '@nestjs/common';
import { ATHLETE_SERVICE_TYPES, isHourly, toDollars } from '@huddle/domain';
import { AthletesService } from '../athletes/athletes.service';
import { BookingService } from '../booking/booking.service';
import type { AthleteRating } from '../booking/booking.service';
import { CatalogueService } from '../catalogue/catalogue.service';
import { AthleteDirectoryQuery } from './athlete-directory.query';
import type { AthleteFilter, ListedAthleteDetailRow, ListedAthleteRow } from './athlete-directory.query';
import { DiscoveryErrors } from './discovery.errors';
import { ListingTotalsCache } from './listing-totals.cache';
import type { AthleteProfileDto, AthletePublicPayload } from './dto/athlete-public.dto';
import { DEFAULT_PAGE_SIZE, DEFAULT_RECENT_LIMIT } from './dto/athlete-search.dto';
import type { AthleteCardDto, AthleteLookupQuery, AthleteSearchPayload, AthleteSearchQuery, SearchField } from './dto/athlete-search.dto';

// The profile's History tab shows at most this many finished requests (docs/discovery-contract.md).
const HISTORY_LIMIT = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/**
 * Finding athletes: the dashboard search, the campaign picker, "booked recently" and the public
 * profile. Only complete, unblocked, live athletes are ever listed or shown. Names of sports and
 * schools come from the catalogue's per-process cache, ratings and history from booking. Totals
 * are reused for a few seconds (ListingTotalsCache): pages are always fresh.
 */
@Injectable()
export class DiscoveryService {
  private readonly totals = new ListingTotalsCache();

  constructor(
    private readonly directory: AthleteDirectoryQuery,
    private readonly catalogue: CatalogueService,
    private readonly booking: BookingService,
    private readonly athletes: AthletesService,
  ) {}

  async search(query: AthleteSearchQuery, endorsementOnly: boolean): Promise<AthleteSearchPayload> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
    const filter = await this.filterOf(query.field ?? 'name', query.filter ?? '');
    // A sport or school name that matches nothing in the catalogue cannot match an athlete.
    if (filter === null) return { athletes: [], total: 0, page, page_size: pageSize };

    const [athletes, total] = await Promise.all([
      this.directory.page({ filter, endorsementOnly, limit: pageSize, offset: (page - 1) * pageSize }).then((rows) => this.cards(rows)),
      this.totals.total(filter, endorsementOnly, () => this.directory.count({ filter, endorsementOnly })),
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
      row = UUID.test(query.athlete_id) ? await this.directory.detail({ athleteId: query.athlete_id }) : null;
    } else if (query.username) {
      row = await this.directory.detail({ username: query.username });
    } else {
      throw DiscoveryErrors.athleteKeyRequired();
    }
    if (!row) throw DiscoveryErrors.athleteNotFound();

    const [settings, ratings, reviews, shoutouts, history, sports, schoolName] = await Promise.all([
      this.athletes.serviceSettingsOf(row.id),
      this.booking.ratingsOf([row.id]),
      this.booking.reviewsOfAthlete(row.id),
      this.booking.shoutoutsOfAthlete(row.id),
      this.booking.historyOfAthlete(row.id, HISTORY_LIMIT),
      this.sportsOf(row.sports ?? []),
      row.school_id === null ? null : this.catalogue.schoolName(row.school_id),
    ]);
    const rating = ratings.get(row.id);
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
      rating: rating?.rating ?? null,
      reviews_count: rating?.reviewsCount ?? 0,
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
      shoutouts: shoutouts.map((shoutout) => ({ id: shoutout.id, video: shoutout.video, created_at: unixSeconds(shoutout.createdAt) })),
      history: history.map((item) => ({ id: item.id, type: item.type, finished_at: unixSeconds(item.finishedAt), requester_name: item.requesterName })),
    };
  }

  /** The listing filter of a search, or null when its sport or school name matches nothing. */
  private async filterOf(field: SearchField, text: string): Promise<AthleteFilter | null> {
    const normalised = text.trim().toLowerCase().replace(/\s+/g, ' ');
    if (normalised === '') return { kind: 'all' };
    if (field === 'name') return { kind: 'name', text: normalised };
    const ids = field === 'sport' ? await this.catalogue.sportIdsMatching(normalised) : await this.catalogue.schoolIdsMatching(normalised);
    if (ids.length === 0) return null;
    return field === 'sport' ? { kind: 'sports', ids } : { kind: 'schools', ids };
  }

  private async cards(rows: readonly ListedAthleteRow[]): Promise<AthleteCardDto[]> {
    const ratings = await this.booking.ratingsOf(rows.map((row) => row.id));
    return Promise.all(rows.map((row) => this.card(row, ratings.get(row.id))));
  }

  private async card(row: ListedAthleteRow, rating: AthleteRating | undefined): Promise<AthleteCardDto> {
    const firstSport = row.sports?.[0];
    return {
      athlete_id: row.id,
      username: row.username,
      first_name: row.first_name,
      last_name: row.last_name,
      profile_photo: row.profile_photo,
      dashboard_photo: row.dashboard_photo,
      sports_played: firstSport === undefined ? null : await this.catalogue.sportName(firstSport),
      school_name: row.school_id === null ? null : await this.catalogue.schoolName(row.school_id),
      endorsement_rate: row.endorsement_rate_cents === null ? null : toDollars(row.endorsement_rate_cents),
      rating: rating?.rating ?? null,
      reviews_count: rating?.reviewsCount ?? 0,
    };
  }

  private async sportsOf(ids: readonly number[]): Promise<Array<{ id: number; name: string }>> {
    const names = await Promise.all(ids.map((id) => this.catalogue.sportName(id)));
    return ids.flatMap((id, index) => {
      const name = names[index];
      return name === null ? [] : [{ id, name }];
    });
  }
}
