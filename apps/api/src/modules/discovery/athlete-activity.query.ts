import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { publicRequesterName, RequestStatus, UserType } from '@huddle/domain';
import type { ServiceType } from '@huddle/domain';
import { listedAthletePredicate } from './athlete-listing.sql';

export interface AthleteReview {
  rate: number;
  submittedAt: Date;
  reviewerName: string;
  reviewerImage: string | null;
  comment: string | null;
}

/** A finished request as a public profile shows it: no id, no full name (see publicRequesterName). */
export interface PublicHistoryItem {
  type: ServiceType;
  finishedAt: Date;
  requesterName: string;
}

/** A finished shoutout on the profile's preview reel: its id, which names its watermarked video. */
export interface PublicShoutout {
  id: string;
  createdAt: Date;
}

/** An athlete's rating: the mean of their reviews' stars to two decimals, and how many reviews it rests on. */
const RATING_COLUMNS = 'round(avg(rate), 2) AS rating, count(*)::int AS reviews_count';

/**
 * The rating of the athlete whose id is the SQL expression `athleteId`, as one row (rating null and
 * reviews_count 0 without reviews), for read-only listings that join it LATERALly, so a page of
 * cards and their ratings come back in one statement. Reads reviews (booking's).
 */
export function athleteRatingSql(athleteId: string): string {
  return `SELECT ${RATING_COLUMNS} FROM reviews WHERE athlete_id = ${athleteId}`;
}

function personName(first: string | null, last: string | null): string {
  return [first, last].filter((part) => part && part.trim() !== '').join(' ');
}

/**
 * Read-only queries behind an athlete's public profile: reviews and requests (booking's) with
 * the people who made them, from accounts and business_profiles (the accounts module's). A
 * profile needs each list in one statement, so this query side joins the tables and never
 * writes; the owners keep every write.
 */
@Injectable()
export class AthleteActivityQuery {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The newest reviews of an athlete, with the reviewer as shown on the profile: a business by its
   * business name (as History names it), a person by their name.
   */
  async reviewsOf(athleteId: string, limit: number): Promise<AthleteReview[]> {
    const rows: Array<{
      rate: number;
      submitted_at: Date;
      first_name: string | null;
      last_name: string | null;
      business_name: string | null;
      profile_photo: string | null;
      comment: string | null;
    }> = await this.dataSource.query(
      `SELECT r.rate, r.submitted_at, a.first_name, a.last_name, CASE WHEN a.user_type = $3 THEN b.name END AS business_name, a.profile_photo, r.comment
         FROM reviews r
         JOIN accounts a ON a.id = r.reviewer_id
         LEFT JOIN business_profiles b ON b.account_id = r.reviewer_id
        WHERE r.athlete_id = $1
        ORDER BY r.submitted_at DESC, r.id
        LIMIT $2`,
      [athleteId, limit, UserType.Business],
    );
    return rows.map((row) => ({
      rate: row.rate,
      submittedAt: row.submitted_at,
      reviewerName: row.business_name?.trim() || personName(row.first_name, row.last_name),
      reviewerImage: row.profile_photo,
      comment: row.comment,
    }));
  }

  /**
   * An athlete's finished shoutouts whose watermarked copy is rendered, newest first: the profile's
   * preview reel. Anyone may see them (spec §6: with the watermark to everyone but the athlete), so
   * one whose copy is not made yet is left out until the render job has made it; the original is
   * never listed.
   */
  async shoutoutsOf(athleteId: string, limit: number): Promise<PublicShoutout[]> {
    const rows: Array<{ id: string; created_at: Date }> = await this.dataSource.query(
      `SELECT q.id, q.created_at
         FROM requests q
        WHERE q.athlete_id = $1 AND q.status = $2 AND q.type = 'shoutout' AND q.details->>'watermarked_video' IS NOT NULL
        ORDER BY q.finished_at DESC, q.id
        LIMIT $3`,
      [athleteId, RequestStatus.Finished, limit],
    );
    return rows.map((row) => ({ id: row.id, createdAt: row.created_at }));
  }

  /**
   * The media path of a shoutout's watermarked copy, when the shoutout is on a public profile's
   * reel (shoutoutsOf: finished, rendered, and its athlete listed); null otherwise.
   */
  async shoutoutVideoOf(requestId: string): Promise<string | null> {
    const rows: Array<{ path: string }> = await this.dataSource.query(
      `SELECT q.details->>'watermarked_video' AS path
         FROM requests q JOIN accounts a ON a.id = q.athlete_id
        WHERE q.id = $1 AND q.status = $2 AND q.type = 'shoutout' AND q.details->>'watermarked_video' IS NOT NULL
          AND ${listedAthletePredicate('a')}`,
      [requestId, RequestStatus.Finished],
    );
    return rows[0]?.path ?? null;
  }

  /**
   * An athlete's finished requests, newest first (the profile's History tab, open to guests):
   * the type, the date and the requester as publicRequesterName names them.
   */
  async historyOf(athleteId: string, limit: number): Promise<PublicHistoryItem[]> {
    const rows: Array<{ type: ServiceType; finished_at: Date; first_name: string | null; last_name: string | null; business_name: string | null }> =
      await this.dataSource.query(
        `SELECT q.type, q.finished_at, a.first_name, a.last_name, CASE WHEN a.user_type = $3 THEN b.name END AS business_name
           FROM requests q
           JOIN accounts a ON a.id = q.requester_id
           LEFT JOIN business_profiles b ON b.account_id = q.requester_id
          WHERE q.athlete_id = $1 AND q.status = $2
          ORDER BY q.finished_at DESC, q.id
          LIMIT $4`,
        [athleteId, RequestStatus.Finished, UserType.Business, limit],
      );
    return rows.map((row) => ({
      type: row.type,
      finishedAt: row.finished_at,
      requesterName: publicRequesterName({ firstName: row.first_name, lastName: row.last_name, businessName: row.business_name }),
    }));
  }
}
