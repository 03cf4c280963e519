import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Repository } from 'typeorm';
import { RequestStatus } from '@huddle/domain';
import type { ServiceType } from '@huddle/domain';
import { ATHLETE_REVIEWS_CHANGED } from './booking-events';
import type { AthleteReviewsChangedEvent } from './booking-events';
import { RequestEntity } from './entities/request.entity';
import type { RequestDetails } from './entities/request.entity';
import { ReviewEntity } from './entities/review.entity';

export interface AthleteReview {
  rate: number;
  submittedAt: Date;
  reviewerName: string;
  reviewerImage: string | null;
  comment: string | null;
}

export interface FinishedRequestSummary {
  id: string;
  type: ServiceType;
  finishedAt: Date;
  requesterName: string;
}

export interface ShoutoutVideo {
  id: string;
  video: string;
  createdAt: Date;
}

/** A request that already ran its course, brought in by a trusted import (the demo seed). */
export interface ImportedFinishedRequest {
  type: ServiceType;
  athleteId: string;
  requesterId: string;
  name: string;
  requestAmountCents: number;
  feeAmountCents: number;
  socialMediaPlatform: string | null;
  details: RequestDetails;
  createdAt: Date;
  acceptedAt: Date;
  finishedAt: Date;
  review: { rate: number; comment: string | null; submittedAt: Date } | null;
}

/** An athlete's rating: the mean of their reviews' stars to two decimals, and how many reviews it rests on. */
const RATING_COLUMNS = 'round(avg(rate), 2) AS rating, count(*)::int AS reviews_count';

/**
 * The rating of the athlete whose id is the SQL expression `athleteId`, as one row (rating null and
 * reviews_count 0 without reviews), for read-only listings that join it LATERALly, so a page of
 * cards and their ratings come back in one statement.
 */
export function athleteRatingSql(athleteId: string): string {
  return `SELECT ${RATING_COLUMNS} FROM reviews WHERE athlete_id = ${athleteId}`;
}

// The profile shows the latest reviews; older ones still count in the rating.
const MAX_PROFILE_REVIEWS = 50;
const MAX_SHOUTOUTS = 20;

function personName(first: string | null, last: string | null): string {
  return [first, last].filter((part) => part && part.trim() !== '').join(' ');
}

/**
 * Owner of requests and campaigns: booking, the request state machine (one transaction per
 * change, transitions from @huddle/domain), counters and reviews. It announces changes as domain
 * events (request.accepted, ...) for payments and notifications to act on. Until booking itself
 * arrives it answers the read-only questions of athlete profiles (reviews, history, ratings).
 */
@Injectable()
export class BookingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(RequestEntity) private readonly requests: Repository<RequestEntity>,
    @InjectRepository(ReviewEntity) private readonly reviews: Repository<ReviewEntity>,
    private readonly events: EventEmitter2,
  ) {}

  /** The newest reviews of an athlete, with the reviewer as shown on the profile. */
  async reviewsOfAthlete(athleteId: string, limit = MAX_PROFILE_REVIEWS): Promise<AthleteReview[]> {
    const rows: Array<{ rate: number; submitted_at: Date; first_name: string | null; last_name: string | null; profile_photo: string | null; comment: string | null }> =
      await this.reviews.query(
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

  /** An athlete's finished requests, newest first (the profile's History tab). */
  async historyOfAthlete(athleteId: string, limit: number): Promise<FinishedRequestSummary[]> {
    const rows: Array<{ id: string; type: ServiceType; finished_at: Date; first_name: string | null; last_name: string | null }> = await this.requests.query(
      `SELECT q.id, q.type, q.finished_at, a.first_name, a.last_name
         FROM requests q JOIN accounts a ON a.id = q.requester_id
        WHERE q.athlete_id = $1 AND q.status = $2
        ORDER BY q.finished_at DESC, q.id
        LIMIT $3`,
      [athleteId, RequestStatus.Finished, limit],
    );
    return rows.map((row) => ({ id: row.id, type: row.type, finishedAt: row.finished_at, requesterName: personName(row.first_name, row.last_name) }));
  }

  /** Finished shoutouts whose video was delivered: the profile's preview reel. */
  async shoutoutsOfAthlete(athleteId: string, limit = MAX_SHOUTOUTS): Promise<ShoutoutVideo[]> {
    const rows: Array<{ id: string; video: string; created_at: Date }> = await this.requests.query(
      `SELECT id, details->>'video' AS video, created_at
         FROM requests
        WHERE athlete_id = $1 AND status = $2 AND type = 'shoutout' AND details->>'video' IS NOT NULL
        ORDER BY finished_at DESC, id
        LIMIT $3`,
      [athleteId, RequestStatus.Finished, limit],
    );
    return rows.map((row) => ({ id: row.id, video: row.video, createdAt: row.created_at }));
  }

  /** The athletes a requester booked, the most recently booked first. */
  async recentAthletesOf(requesterId: string, limit: number): Promise<string[]> {
    const rows: Array<{ athlete_id: string }> = await this.requests.query(
      `SELECT athlete_id FROM requests WHERE requester_id = $1
        GROUP BY athlete_id ORDER BY max(created_at) DESC, athlete_id LIMIT $2`,
      [requesterId, limit],
    );
    return rows.map((row) => row.athlete_id);
  }

  /**
   * Writes finished requests and their reviews together. The split of the amount follows what
   * the caller decided (fee in cents); the request is paid, authorised and, with a review, reviewed.
   */
  async importFinished(imported: readonly ImportedFinishedRequest[]): Promise<void> {
    if (imported.length === 0) return;
    await this.dataSource.transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .insert()
        .into(RequestEntity)
        .values(
          imported.map((request) => ({
            type: request.type,
            status: RequestStatus.Finished,
            athleteId: request.athleteId,
            requesterId: request.requesterId,
            name: request.name,
            requestAmountCents: request.requestAmountCents,
            amountToAthleteCents: request.requestAmountCents - request.feeAmountCents,
            feeAmountCents: request.feeAmountCents,
            paid: true,
            authorised: true,
            reviewed: request.review !== null,
            socialMediaPlatform: request.socialMediaPlatform,
            details: request.details,
            createdAt: request.createdAt,
            updatedAt: request.finishedAt,
            acceptedAt: request.acceptedAt,
            expirationTime: null,
            finishedAt: request.finishedAt,
          })),
        )
        .returning(['id'])
        .execute();
      const ids = (result.raw as Array<{ id: string }>).map((row) => row.id);
      const reviews = imported.flatMap((request, index) =>
        request.review
          ? [{ requestId: ids[index], athleteId: request.athleteId, reviewerId: request.requesterId, rate: request.review.rate, comment: request.review.comment, submittedAt: request.review.submittedAt }]
          : [],
      );
      if (reviews.length > 0) await manager.insert(ReviewEntity, reviews);
    });
    const athleteIds = [...new Set(imported.map((request) => request.athleteId))];
    this.events.emit(ATHLETE_REVIEWS_CHANGED, { athleteIds } satisfies AthleteReviewsChangedEvent);
  }
}
