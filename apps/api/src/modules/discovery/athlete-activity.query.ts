import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { publicRequesterName, RequestStatus, UserType } from '@huddle/domain';
import type { ServiceType } from '@huddle/domain';

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

  /** The newest reviews of an athlete, with the reviewer as shown on the profile. */
  async reviewsOf(athleteId: string, limit: number): Promise<AthleteReview[]> {
    const rows: Array<{ rate: number; submitted_at: Date; first_name: string | null; last_name: string | null; profile_photo: string | null; comment: string | null }> =
      await this.dataSource.query(
        `SELECT r.rate, r.submitted_at, a.first_name, a.last_name, a.profile_photo, r.comment
           FROM reviews r JOIN accounts a ON a.id = r.reviewer_id
          WHERE r.athlete_id = $1
          ORDER BY r.submitted_at DESC, r.id
          LIMIT $2`,
        [athleteId, limit],
      );
    return rows.map((row) => ({
      rate: row.rate,
      submittedAt: row.submitted_at,
      reviewerName: personName(row.first_name, row.last_name),
      reviewerImage: row.profile_photo,
      comment: row.comment,
    }));
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
