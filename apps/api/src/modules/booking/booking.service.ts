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
import { PaymentsService } from '../payments/payments.service';
import { PayoutsService } from '../payouts/payouts.service';

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
  /** The athlete's share reached them outside Huddle's transfers: marked paid by this account (an administrator) then. */
  paidOut?: { by: string; at: Date };
}

/**
 * Owner of requests and campaigns: booking, the request state machine (one transaction per
 * change, transitions from @huddle/domain), counters and reviews. It announces changes as domain
 * events (request.accepted, ...) for payments and notifications to act on. Reads that join other
 * modules' tables (reviewers' and requesters' names, ratings in listings) live in read models
 * (discovery's athlete-activity.query.ts), not here.
 */
@Injectable()
export class BookingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(RequestEntity) private readonly requests: Repository<RequestEntity>,
    @InjectRepository(ReviewEntity) private readonly reviews: Repository<ReviewEntity>,
    private readonly events: EventEmitter2,
    private readonly payments: PaymentsService,
    private readonly payouts: PayoutsService,
  ) {}

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
   * Writes finished requests, their reviews and their money together. The split of the amount
   * follows what the caller decided (fee in cents); the request is paid, authorised and, with a
   * review, reviewed; the ledger holds its payment as it happened (held when booked, captured and
   * split when accepted), and a share paid out outside Huddle is marked paid, so every figure read
   * from the ledger agrees with the requests.
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
            paidAt: request.createdAt,
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
      const shares = imported.map((request, index) => {
        const amountCents = request.requestAmountCents;
        return { requestId: ids[index], athleteId: request.athleteId, amountCents, feeCents: request.feeAmountCents, athleteCents: amountCents - request.feeAmountCents, bookedAt: request.createdAt, acceptedAt: request.acceptedAt };
      });
      await this.payments.recordImportedIn(manager, shares);
      await this.payouts.markImportedPaidIn(
        manager,
        imported.flatMap((request, index) =>
          request.paidOut ? [{ requestId: ids[index], athleteId: request.athleteId, amountCents: shares[index].athleteCents, by: request.paidOut.by, at: request.paidOut.at }] : [],
        ),
      );
    });
    const athleteIds = [...new Set(imported.map((request) => request.athleteId))];
    this.events.emit(ATHLETE_REVIEWS_CHANGED, { athleteIds } satisfies AthleteReviewsChangedEvent);
  }
}
