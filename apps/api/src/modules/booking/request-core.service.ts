import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { QueryFailedError } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { ENDORSEMENT_DISCLOSURE, ErrorCode, RequestStatus } from '@huddle/domain';
import { formatDateTimeUtc } from '@huddle/domain/format';
import {
  acceptNeedsDisclosure,
  CALENDAR_HOLDING_STATUSES,
  checkRequestAction,
  deliveryDeadline,
  expirationTime,
} from '@huddle/domain/request-actions';
import type { RequestStatusCode } from '@huddle/domain';
import type { MoneyStep, RequestAction, RequestFacts, RequestParty, TimerSettings } from '@huddle/domain/request-actions';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/time/clock';
import { DomainError } from '../../common/errors/domain-error';
import { Transactions } from '../../database/transactions';
import { JobsService } from '../jobs/jobs.service';
import { NotificationsService } from '../notifications/notifications.service';
import { PaymentsService } from '../payments/payments.service';
import { ATHLETE_REVIEWS_CHANGED, REQUEST_CHANGED } from './booking-events';
import type { AthleteReviewsChangedEvent, RequestChangedEvent } from './booking-events';
import { BookingErrors } from './booking.errors';
import { refreshCampaignStatus } from './campaign-rows';
import type { CampaignRow } from './campaign-rows';
import { RequestEntity } from './entities/request.entity';
import { partyOf } from './request-party';
import { lockedRequest, REQUEST_SQL, requestById, writeRequest } from './request-rows';
import { ShareLinks } from './share-links';
import type { RequestActor } from './request-party';

export interface ApplyOptions {
  /** Writes of the action itself (the delivered video, the review), in the same transaction, after the check. */
  effect?: (request: RequestEntity, manager: EntityManager) => Promise<void>;
  /** Shown in the history beside the action. */
  note?: string;
  /** The athlete acknowledged the paid-endorsement disclosure (required to accept an endorsement). */
  disclosureAcknowledged?: boolean;
  /** Writes that follow the change (an administrator's audit row), in the same transaction; `from` is the status before it. */
  after?: (request: RequestEntity, from: RequestStatusCode, manager: EntityManager) => Promise<void>;
  /**
   * athlete_gone only (ignored for every other action): the earlier moment it is judged at, the
   * account's deletion (what had not started when the athlete left is theirs no more), however
   * late its job runs. The change itself is recorded now.
   */
  judgedAt?: Date;
}

/**
 * The moment an action is checked at: now, or for athlete_gone alone the earlier moment the caller
 * names (the deletion). Never later than now, and never for another action (an earlier moment
 * would reopen a video chat's window, for one).
 */
function judgedAt(action: RequestAction, now: Date, asked: Date | undefined): Date {
  if (action !== 'athlete_gone' || !asked || !Number.isFinite(asked.getTime())) return now;
  return asked < now ? asked : now;
}

/** The campaign a request belongs to, as the notifications and the share refunds name it. */
type CampaignRef = Pick<CampaignRow, 'id' | 'name' | 'business_id'> | null;

const EXCLUSION_VIOLATION = '23P01';

function seconds(date: Date | null): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

/** The facts the domain's table checks; the delivery deadline counts the configured days from acceptance. */
export function factsOf(request: RequestEntity, timers: Pick<TimerSettings, 'deliveryDeadlineSeconds'>): RequestFacts {
  return {
    status: request.status,
    type: request.type,
    paid: request.paid,
    reviewed: request.reviewed,
    startTime: seconds(request.startAt),
    videoChatCompleted: request.videoChatCompleted,
    chatStarted: request.chatStartedAt !== null,
    deliveryDeadline: deliveryDeadline({ status: request.status, type: request.type, acceptedAt: seconds(request.acceptedAt) }, timers),
    flagged: request.flaggedAt !== null,
    inCampaign: request.endorsementCampaignId !== null,
  };
}

function shareableId(): string {
  // 16 characters of base64url: 96 random bits, short enough for a link people paste.
  return randomBytes(12).toString('base64url');
}

/**
 * The one place a request's state changes (DESIGN "Requests and money"): one transaction, the row
 * locked (SELECT ... FOR UPDATE), the action checked against the domain's table for the actor's
 * part in this request, the change and a history row written, and its consequences written or
 * enqueued in the same transaction: the card capture, void or refund and the request-changed event
 * as jobs, the parties' notifications (and their emails) by NotificationsService. Two racing actions queue on the row lock; the second sees the first's
 * result and is refused, so a request is never in two states and its money moves once.
 */
@Injectable()
export class RequestCoreService {
  constructor(
    private readonly transactions: Transactions,
    private readonly jobs: JobsService,
    private readonly payments: PaymentsService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly events: EventEmitter2,
    private readonly shares: ShareLinks,
    private readonly notifications: NotificationsService,
  ) {}

  get timers(): TimerSettings {
    return {
      pendingExpirySeconds: this.config.REQUEST_EXPIRY_HOURS * 3600,
      expiryBeforeStartSeconds: this.config.REQUEST_EXPIRY_BEFORE_START_MINUTES * 60,
      deliveredAutoCompleteSeconds: this.config.DELIVERED_AUTO_COMPLETE_DAYS * 86400,
      eventAutoCompleteSeconds: this.config.EVENT_AUTO_COMPLETE_DAYS * 86400,
      deliveryDeadlineSeconds: this.config.DELIVERY_DEADLINE_DAYS * 86400,
    };
  }

  async apply(requestId: string, action: RequestAction, actor: RequestActor, options: ApplyOptions = {}): Promise<RequestEntity> {
    const updated = await this.transactions.run(async () => {
      const manager = this.transactions.manager;
      const request = await this.lock(manager, requestId);
      const party = partyOf(request, actor);
      if (!party) throw BookingErrors.requestNotFound();
      const now = this.clock.now();
      const check = checkRequestAction(action, party, factsOf(request, this.timers), Math.floor(judgedAt(action, now, options.judgedAt).getTime() / 1000));
      if (!check.ok) {
        throw check.reason === 'party' ? new DomainError(ErrorCode.Forbidden, check.message) : new DomainError(ErrorCode.Conflict, check.message);
      }
      if (action === 'accept' && acceptNeedsDisclosure(request.type) && !options.disclosureAcknowledged) {
        throw BookingErrors.invalid({ disclosure_acknowledged: ENDORSEMENT_DISCLOSURE.required });
      }
      const from = request.status;
      if (options.effect) await options.effect(request, manager);
      this.change(request, action, check.to, now);
      await this.save(request);
      await this.record(manager, request, action, party, actor, from, options.note);
      const campaign = await this.refreshCampaign(manager, request, now);
      await this.moneyStep(manager, request, check.money, from, campaign);
      // Only the change into Finished makes a watch link: a later review must not remake a revoked one.
      if (request.status !== from) await this.shares.issueOnFinish(manager, request);
      await this.announce(manager, request, action, from, actor, party, campaign);
      if (options.after) await options.after(request, from, manager);
      return request;
    });
    if (action === 'review') {
      this.events.emit(ATHLETE_REVIEWS_CHANGED, { athleteIds: [updated.athleteId] } satisfies AthleteReviewsChangedEvent);
    }
    return updated;
  }

  /**
   * The card is held for this request (checked with the provider first, never on the browser's
   * word): the request becomes paid, the athlete can see it, and its expiry starts. Repeating it
   * (the browser's set-paid and the provider's event both arrive) changes nothing the second time.
   */
  async markPaid(requestId: string, actor: RequestActor): Promise<RequestEntity> {
    const current = await requestById(this.transactions.manager, requestId);
    const party = current ? partyOf(current, actor) : null;
    // A campaign's request becomes paid with its campaign (CampaignsService.markPaid), never alone.
    if (!current || !party || party === 'athlete' || current.endorsementCampaignId !== null) throw BookingErrors.requestNotFound();
    if (current.paid) return current;
    const { authorised, authorisedAt, captureBefore } = await this.payments.authorisation(requestId);
    if (!authorised) throw new DomainError(ErrorCode.PaymentRequired, 'The card payment is not complete yet');
    return this.transactions.run(async () => {
      const manager = this.transactions.manager;
      const request = await this.lock(manager, requestId);
      if (request.paid) return request;
      await this.payLocked(manager, request, actor, party, null, { authorisedAt, captureBefore });
      return request;
    });
  }

  /**
   * A request, locked by the caller in its transaction, becomes paid: visible to its athlete, its
   * expiry started, the athlete told (unless `notify` is false: a campaign's share whose athlete is
   * gone, canceled in the same transaction). A campaign's checkout calls it for each of its requests.
   */
  async payLocked(
    manager: EntityManager,
    request: RequestEntity,
    actor: RequestActor,
    party: RequestParty,
    campaign: CampaignRef,
    hold: { authorisedAt: Date | null; captureBefore: Date | null } = { authorisedAt: null, captureBefore: null },
    notify = true,
  ): Promise<void> {
    if (request.paid) throw BookingErrors.notADraft();
    if (request.status !== RequestStatus.Pending) throw new DomainError(ErrorCode.Conflict, 'This request was canceled');
    const now = this.clock.now();
    // Expiry counts from the card's authorisation (the provider's time), never from when Huddle
    // heard of it, and never outlives the hold.
    const authorisedSeconds = Math.min(Math.floor(now.getTime() / 1000), seconds(hold.authorisedAt) ?? Number.POSITIVE_INFINITY);
    request.paid = true;
    request.authorised = true;
    request.paidAt = now;
    request.paidId = shareableId();
    request.expirationTime = new Date(expirationTime(authorisedSeconds, seconds(request.startAt), this.timers, seconds(hold.captureBefore)) * 1000);
    await this.save(request);
    await this.record(manager, request, 'pay', party, actor, RequestStatus.Pending);
    await this.announce(manager, request, 'pay', RequestStatus.Pending, actor, party, campaign, notify);
  }

  /**
   * The provider confirmed the request's card hold released (payments' void): `authorised` says a
   * hold is in place (spec §3), so it is cleared, as a lapsed hold clears it. No status changes:
   * the decision that released it was the request's change.
   */
  async holdReleased(requestId: string): Promise<void> {
    await this.transactions.manager.query(REQUEST_SQL.holdReleased, [requestId]);
  }

  /** A request's status now (null when there is no such request). */
  async statusOf(requestId: string): Promise<RequestStatusCode | null> {
    const request = await this.transactions.manager.findOne(RequestEntity, { where: { id: requestId }, select: { id: true, status: true } });
    return request?.status ?? null;
  }

  /** Every request of a campaign, locked in id order (the order every campaign-wide change takes them in). */
  async lockCampaignRequests(manager: EntityManager, campaignId: string): Promise<RequestEntity[]> {
    return manager
      .getRepository(RequestEntity)
      .createQueryBuilder('request')
      .setLock('pessimistic_write')
      .where('request.endorsement_campaign_id = :campaignId', { campaignId })
      .orderBy('request.id')
      .getMany();
  }

  private async lock(manager: EntityManager, requestId: string): Promise<RequestEntity> {
    const request = await lockedRequest(manager, requestId);
    if (!request) throw BookingErrors.requestNotFound();
    return request;
  }

  private change(request: RequestEntity, action: RequestAction, to: RequestStatusCode, now: Date): void {
    if (action === 'accept') request.acceptedAt = now;
    if (action === 'accept' && acceptNeedsDisclosure(request.type)) request.disclosureAcknowledgedAt = now;
    if (action === 'deliver') request.deliveredAt = now;
    if (action === 'review') request.reviewed = true;
    if (action === 'flag') request.flaggedAt = now;
    if (action === 'complete_video_chat') request.videoChatCompleted = true;
    if (action === 'start_video_chat') request.chatStartedAt = now;
    // The provider confirmed the hold is gone (payments found it so before this action).
    if (action === 'hold_lapse') request.authorised = false;
    if (to === RequestStatus.Finished && request.status !== RequestStatus.Finished) request.finishedAt = now;
    request.status = to;
  }

  /**
   * Writes what the core changes (status, its timestamps and flags, payment facts, the details an
   * effect set) with one UPDATE by primary key (request-rows.ts): the row is locked and already
   * read, so TypeORM's save(), which reads it again to diff, would only add a round trip. An
   * accepted slot that overlaps another is refused by the table's constraint and named; only a
   * change into a slot status can meet that constraint, so only it pays for a savepoint to ask
   * which request clashed.
   */
  private async save(request: RequestEntity): Promise<void> {
    const write = () => writeRequest(this.transactions.manager, request);
    const canClash = request.startAt !== null && CALENDAR_HOLDING_STATUSES.includes(request.status);
    if (!canClash) {
      await write();
      return;
    }
    try {
      await this.transactions.savepoint(write);
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === EXCLUSION_VIOLATION) {
        throw await this.clash(request);
      }
      throw error;
    }
  }

  private async clash(request: RequestEntity): Promise<DomainError> {
    const rows: Array<{ name: string; start_at: Date }> = await this.transactions.manager.query(
      `SELECT name, start_at FROM requests
        WHERE athlete_id = $1 AND id <> $2 AND status IN (2, 6) AND tstzrange(start_at, end_at) && tstzrange($3, $4)
        ORDER BY start_at LIMIT 1`,
      [request.athleteId, request.id, request.startAt, request.endAt],
    );
    const other = rows[0];
    const when = other ? formatDateTimeUtc(Math.floor(other.start_at.getTime() / 1000)) : 'that time';
    return new DomainError(
      ErrorCode.Conflict,
      other ? `You already accepted "${other.name}" at ${when}, which overlaps this request` : 'You already accepted a request at that time',
    );
  }

  private async record(
    manager: EntityManager,
    request: RequestEntity,
    action: RequestAction | 'pay',
    party: RequestParty,
    actor: RequestActor,
    from: RequestStatusCode,
    note?: string,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO request_history (request_id, action, actor_party, actor_id, from_status, to_status, note, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [request.id, action, party, actor.id, from, request.status, note ?? null, this.clock.now()],
    );
  }

  /**
   * A campaign request's change reaches its campaign (the status derived again under the
   * campaign's lock); the business hears when the campaign is complete.
   */
  private async refreshCampaign(manager: EntityManager, request: RequestEntity, now: Date): Promise<CampaignRef> {
    if (!request.endorsementCampaignId) return null;
    const { campaign, from, to } = await refreshCampaignStatus(manager, request.endorsementCampaignId, now);
    if (to === RequestStatus.Finished && from !== RequestStatus.Finished) {
      await this.notifications.campaignCompletedIn(manager, { businessId: campaign.business_id, campaignId: campaign.id, campaignName: campaign.name });
    }
    return campaign;
  }

  private async moneyStep(manager: EntityManager, request: RequestEntity, step: MoneyStep | null, from: RequestStatusCode, campaign: CampaignRef): Promise<void> {
    if (step === null) return;
    const split = {
      requestId: request.id,
      athleteId: request.athleteId,
      amountCents: request.requestAmountCents,
      feeCents: request.feeAmountCents,
      athleteCents: request.amountToAthleteCents,
      serviceType: request.type,
    };
    if (step === 'allocate' || step === 'refund_share') {
      if (!campaign) throw new Error(`Request ${request.id} has a campaign's money step but no campaign`);
      if (step === 'allocate') await this.payments.allocateShareIn(manager, split);
      // Accepted before (2, 4 or 6): its share was split, and the refund reverses the split.
      else await this.payments.refundShareIn(manager, { ...split, campaignId: campaign.id, campaignName: campaign.name, businessId: campaign.business_id, allocated: from !== RequestStatus.Pending });
      return;
    }
    if (step === 'capture') await this.payments.captureIn(manager, split);
    else if (step === 'refund') await this.payments.refundIn(manager, split);
    else await this.payments.voidIn(manager, { requestId: request.id, athleteId: request.athleteId, serviceType: request.type });
  }

  /** Tells whoever needs to know, in the change's transaction: the parties (notifications, emails) and the subscribers of REQUEST_CHANGED. */
  private async announce(
    manager: EntityManager,
    request: RequestEntity,
    action: RequestAction | 'pay',
    from: RequestStatusCode,
    actor: RequestActor,
    party: RequestParty,
    campaign: CampaignRef,
    notify = true,
  ): Promise<void> {
    if (notify) {
      await this.notifications.requestChangedIn(manager, {
        requestId: request.id,
        action,
        type: request.type,
        athleteId: request.athleteId,
        requesterId: request.requesterId,
        actor: party,
        campaign: campaign ? { id: campaign.id, name: campaign.name } : null,
      });
    }
    const event: RequestChangedEvent = {
      requestId: request.id,
      action,
      fromStatus: from,
      toStatus: request.status,
      type: request.type,
      athleteId: request.athleteId,
      requesterId: request.requesterId,
      actorId: actor.id,
      details: request.details,
    };
    await this.jobs.publishIn(manager, REQUEST_CHANGED, event);
  }
}
