import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { campaignPayloadSchema, fieldErrors, joinList } from '@huddle/domain/request-details';
import {
  campaignCommittedCents,
  canCancelCampaign,
  compareCampaignEntries,
  ErrorCode,
  mergeMoneyEvents,
  moneyEventText,
  RequestStatus,
  toCents,
  toDollars,
  UserType,
} from '@huddle/domain';
import { splitAmount } from '@huddle/domain/request-actions';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/time/clock';
import { DomainError } from '../../common/errors/domain-error';
import { Transactions } from '../../database/transactions';
import { NotificationsService } from '../notifications/notifications.service';
import { AccountsService } from '../accounts/accounts.service';
import { PaymentsService } from '../payments/payments.service';
import { BookingErrors } from './booking.errors';
import { paymentSheetOf } from './payment-sheet';
import { campaignRow } from './campaign-rows';
import type { CampaignRow } from './campaign-rows';
import { campaignEntriesOf, goneAthletesOf, invitableAthletes } from './campaign-views.query';
import type { CampaignEntryRow } from './campaign-views.query';
import type { CampaignDto, CampaignRequestDto, PaymentSheetPayload, RequestSummaryDto } from './dto/request.dto';
import { partyDto } from './request-view';
import { RequestEntity } from './entities/request.entity';
import { RequestCoreService } from './request-core.service';
import { partyOf, SYSTEM_ACTOR } from './request-party';
import type { RequestActor } from './request-party';

function seconds(date: Date | null): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

/** Who may see a campaign: its business, and an administrator. */
type CampaignViewer = 'business' | 'admin';

/**
 * Endorsement campaigns (issue 12): one business sends one endorsement task to many athletes, each
 * at its own price, with one payment. A campaign is a campaigns row and one endorsement request
 * per athlete (endorsement_campaign_id); each request then lives through the request core like any
 * other (1 -> 2 -> 4 -> 5), with a campaign's money steps (the payment captured at checkout, a
 * share split on acceptance and refunded alone when its request ends unfinished). Every change
 * that spans the campaign locks its requests in id order and then the campaign's row, the order
 * the request core takes them in, so a cancel and an athlete's accept queue instead of both winning.
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly payments: PaymentsService,
    private readonly core: RequestCoreService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly notifications: NotificationsService,
    private readonly accounts: AccountsService,
  ) {}

  /** An unpaid draft: the campaign and one pending, unpaid endorsement request per athlete, written together. */
  async create(businessId: string, body: unknown): Promise<CampaignDto> {
    const parsed = campaignPayloadSchema.safeParse(body && typeof body === 'object' ? body : {});
    if (!parsed.success) throw BookingErrors.invalid(fieldErrors(parsed.error));
    const form = parsed.data;
    const athleteIds = form.athletes.map((athlete) => athlete.athleteId);
    const invitable = await invitableAthletes(this.transactions.manager, athleteIds);
    const missing = athleteIds.filter((id) => !invitable.has(id));
    if (missing.length > 0) {
      throw new DomainError(ErrorCode.NotFound, 'Some of these athletes cannot be booked right now', {
        athlete_ids: `${missing.length === 1 ? 'One athlete' : `${missing.length} athletes`} cannot be booked right now; remove them to go on`,
      });
    }
    const shares = form.athletes.map((athlete) => {
      const amountCents = toCents(athlete.amount);
      return { athleteId: athlete.athleteId, amountCents, ...splitAmount(amountCents, this.config.PLATFORM_FEE_PERCENT) };
    });
    const totalCents = shares.reduce((sum, share) => sum + share.amountCents, 0);
    const campaignId = await this.transactions.run(async () => {
      const manager = this.transactions.manager;
      const now = this.clock.now();
      const [created]: Array<{ id: string }> = await manager.query(
        `INSERT INTO campaigns (business_id, name, task, link, social_media_platform, total_cents, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
        [businessId, form.name, form.task, form.link || null, form.social_media_platform || null, totalCents, now],
      );
      const details = { task: form.task, link: form.link };
      const result = await manager
        .createQueryBuilder()
        .insert()
        .into(RequestEntity)
        .values(
          shares.map((share) => ({
            type: 'endorsement' as const,
            status: RequestStatus.Pending,
            athleteId: share.athleteId,
            requesterId: businessId,
            name: form.name,
            requestAmountCents: share.amountCents,
            feeAmountCents: share.feeCents,
            amountToAthleteCents: share.athleteCents,
            paid: false,
            authorised: false,
            reviewed: false,
            socialMediaPlatform: form.social_media_platform || null,
            endorsementCampaignId: created.id,
            details,
            createdAt: now,
          })),
        )
        .returning(['id'])
        .execute();
      const requestIds = (result.raw as Array<{ id: string }>).map((row) => row.id);
      await manager.query(
        `INSERT INTO request_history (request_id, action, actor_party, actor_id, from_status, to_status, created_at)
         SELECT id, 'create', 'requester', $2, NULL, 1, $3 FROM unnest($1::uuid[]) AS id`,
        [requestIds, businessId, now],
      );
      return created.id;
    });
    return this.view(campaignId, { id: businessId, role: UserType.Business });
  }

  /** The payment sheet of the business's unpaid campaign: one intent for the total, the same on every repeat. */
  async paymentSheet(campaignId: string, actor: RequestActor): Promise<PaymentSheetPayload> {
    const campaign = await this.ownCampaign(campaignId, actor);
    if (campaign.paid) throw new DomainError(ErrorCode.Conflict, 'This campaign is already paid');
    // An athlete blocked or deleted since the draft was made is not charged for: the business is
    // told before paying (a payment that still races the block is refunded for them in markPaid).
    const gone = [...(await goneAthletesOf(this.transactions.manager, campaign.id)).values()];
    if (gone.length > 0) {
      throw new DomainError(ErrorCode.Conflict, `${joinList(gone)} ${gone.length === 1 ? 'is' : 'are'} no longer on Huddle: create the campaign again without ${gone.length === 1 ? 'this athlete' : 'these athletes'}`);
    }
    return paymentSheetOf(
      await this.payments.openCheckout({
        requestId: campaign.id,
        kind: 'campaign',
        payerId: campaign.business_id,
        payerEmail: await this.accounts.emailOf(campaign.business_id),
        amountCents: campaign.total_cents,
        description: `Huddle campaign ${campaign.order_number}: ${campaign.name}`,
      }),
      campaign.total_cents,
    );
  }

  /**
   * The campaign's payment was captured (re-read from the provider): every request becomes paid
   * and its athlete is invited, and the ledger records each share, in one transaction. Repeating
   * it (the browser's set-paid and the provider's event) changes nothing the second time. The share
   * of an athlete blocked or deleted since checkout opened is not offered to them: it is canceled
   * in the same transaction (athlete_gone) and refunded to the card.
   */
  async markPaid(campaignId: string, actor: RequestActor): Promise<CampaignRow> {
    const current = actor.role === 'system' ? await campaignRow(this.transactions.manager, campaignId) : await this.ownCampaign(campaignId, actor);
    if (!current) throw BookingErrors.requestNotFound();
    if (current.paid) return current;
    const { captured } = await this.payments.campaignPayment(campaignId);
    if (!captured) throw new DomainError(ErrorCode.PaymentRequired, 'The card payment is not complete yet');
    return this.transactions.run(async () => {
      const manager = this.transactions.manager;
      const requests = await this.core.lockCampaignRequests(manager, campaignId);
      const campaign = await campaignRow(manager, campaignId, true);
      if (!campaign) throw BookingErrors.requestNotFound();
      if (campaign.paid) return campaign;
      await this.notifications.lockRecipientsIn(manager, [...requests.map((request) => request.athleteId), campaign.business_id]);
      const gone = await goneAthletesOf(manager, campaignId, { lock: true });
      for (const request of requests) {
        const party = partyOf(request, actor);
        if (!party) throw BookingErrors.requestNotFound();
        await this.core.payLocked(manager, request, actor, party, campaign, undefined, !gone.has(request.athleteId));
      }
      await this.payments.recordCampaignCaptureIn(
        manager,
        campaignId,
        requests.map((request) => ({
          requestId: request.id,
          athleteId: request.athleteId,
          amountCents: request.requestAmountCents,
          feeCents: request.feeAmountCents,
          athleteCents: request.amountToAthleteCents,
        })),
      );
      const now = this.clock.now();
      await manager.query(`UPDATE campaigns SET paid = true, paid_at = $2, updated_at = $2 WHERE id = $1`, [campaignId, now]);
      for (const request of requests) {
        if (gone.has(request.athleteId)) await this.core.apply(request.id, 'athlete_gone', SYSTEM_ACTOR, { note: 'The athlete is no longer on Huddle' });
      }
      return { ...campaign, paid: true, paid_at: now, updated_at: now };
    });
  }

  /** The campaign as its business (or an administrator) sees it; 1404 for anyone else, as for a missing one. */
  async view(campaignId: string, actor: RequestActor): Promise<CampaignDto> {
    const manager = this.transactions.manager;
    const campaign = await campaignRow(manager, campaignId);
    const viewer = campaign ? this.viewerOf(campaign, actor) : null;
    if (!campaign || !viewer) throw BookingErrors.requestNotFound();
    return this.dtoOf(manager, campaign, viewer);
  }

  /**
   * The business cancels its pending campaign (after the screen's confirmation): every pending
   * request is canceled through the request core, each share refunded. Refused (1409) once any
   * athlete accepted: the campaign is no longer pending.
   */
  async cancel(campaignId: string, actor: RequestActor & { id: string }): Promise<CampaignDto> {
    await this.ownCampaign(campaignId, actor);
    await this.transactions.run(async () => {
      const manager = this.transactions.manager;
      const requests = await this.core.lockCampaignRequests(manager, campaignId);
      const campaign = await campaignRow(manager, campaignId, true);
      if (!campaign) throw BookingErrors.requestNotFound();
      if (!campaign.paid) throw new DomainError(ErrorCode.Conflict, 'This campaign is not paid yet');
      if (!canCancelCampaign(requests.map((request) => request.status))) {
        throw new DomainError(ErrorCode.Conflict, 'This campaign can no longer be canceled: an athlete already answered it');
      }
      await this.notifications.lockRecipientsIn(manager, [...requests.map((request) => request.athleteId), campaign.business_id]);
      for (const request of requests) {
        if (request.status === RequestStatus.Pending) await this.core.apply(request.id, 'cancel', actor);
      }
    });
    return this.view(campaignId, actor);
  }

  /** A business's list entries of these campaigns (an '@' id, the derived status, the committed sum). */
  async summaries(manager: EntityManager, campaignIds: readonly string[]): Promise<Map<string, RequestSummaryDto>> {
    if (campaignIds.length === 0) return new Map();
    const campaigns: CampaignRow[] = await manager.query(`SELECT * FROM campaigns WHERE id = ANY($1::uuid[])`, [campaignIds]);
    const entries = await campaignEntriesOf(manager, campaignIds);
    return new Map(
      campaigns.map((campaign) => {
        const sorted = this.sorted(entries.get(campaign.id) ?? []);
        const first = sorted[0]?.athlete;
        const summary: RequestSummaryDto = {
          id: `@${campaign.id}`,
          type: 'endorsement_campaign',
          status: campaign.status,
          order_number: String(campaign.order_number),
          name: campaign.name,
          request_amount: toDollars(this.committedCents(sorted)),
          expiration_time: this.expirationOf(sorted),
          created_at: seconds(campaign.created_at) ?? 0,
          updated_at: seconds(campaign.updated_at) ?? 0,
          paid_id: null,
          paid: campaign.paid,
          profile: partyDto(first?.id ?? campaign.business_id, first),
          event: null,
          athletes_count: sorted.length,
        };
        return [campaign.id, summary];
      }),
    );
  }

  /**
   * Unpaid campaign drafts older than the cutoff: deleted with their requests, and any checkout
   * they opened canceled. A draft whose payment went through after all (set-paid and the provider's
   * event both late) is marked paid instead; and should one be paid between this look and the
   * delete, the void of its captured payment refunds it (PaymentsService).
   */
  async deleteStaleDrafts(cutoff: Date, limit: number): Promise<number> {
    const stale: Array<{ id: string }> = await this.transactions.manager.query(
      `SELECT id FROM campaigns WHERE NOT paid AND created_at <= $1 ORDER BY created_at LIMIT ${limit}`,
      [cutoff],
    );
    let deleted = 0;
    for (const { id } of stale) {
      if ((await this.payments.campaignPayment(id)).captured) {
        await this.markPaid(id, SYSTEM_ACTOR);
        continue;
      }
      const gone = await this.transactions.run(async () => {
        const manager = this.transactions.manager;
        // Its requests first, then the campaign: the order checkout and cancel take them in.
        await this.core.lockCampaignRequests(manager, id);
        const [rows]: [unknown[], number] = await manager.query(`DELETE FROM campaigns WHERE id = $1 AND NOT paid RETURNING id`, [id]);
        if (rows.length === 0) return false;
        await this.payments.voidIn(manager, { requestId: id });
        return true;
      });
      if (gone) deleted += 1;
    }
    return deleted;
  }

  private async dtoOf(manager: EntityManager, campaign: CampaignRow, viewer: CampaignViewer): Promise<CampaignDto> {
    const entries = this.sorted((await campaignEntriesOf(manager, [campaign.id])).get(campaign.id) ?? []);
    const refunds = await this.payments.refundedShares(entries.map((entry) => entry.id));
    const requests: CampaignRequestDto[] = entries.map((entry) => ({
      id: entry.id,
      status: entry.status,
      request_amount: toDollars(entry.request_amount_cents),
      created_at: seconds(entry.created_at) ?? 0,
      updated_at: seconds(entry.updated_at) ?? 0,
      expiration_time: entry.status === RequestStatus.Pending && campaign.paid ? seconds(entry.expiration_time) : null,
      athlete: partyDto(entry.athlete.id, entry.athlete),
      has_video: entry.has_video && (entry.status === RequestStatus.PendingReview || entry.status === RequestStatus.Finished),
      refunded: refunds.has(entry.id),
    }));
    const refundedCents = [...refunds.values()].reduce((sum, cents) => sum + cents, 0);
    const money = campaign.paid ? mergeMoneyEvents(await this.payments.moneyTimeline([campaign.id, ...entries.map((entry) => entry.id)], { capturedAtOnce: true })) : [];
    const cancellable = viewer === 'business' && campaign.paid && canCancelCampaign(entries.map((entry) => entry.status));
    return {
      id: campaign.id,
      type: 'endorsement_campaign',
      status: campaign.status,
      order_number: String(campaign.order_number),
      name: campaign.name,
      task: campaign.task,
      link: campaign.link,
      social_media_platform: campaign.social_media_platform ?? '',
      paid: campaign.paid,
      created_at: seconds(campaign.created_at) ?? 0,
      updated_at: seconds(campaign.updated_at) ?? 0,
      expiration_time: campaign.paid ? this.expirationOf(entries) : null,
      request_amount: toDollars(this.committedCents(entries)),
      refunded_amount: toDollars(refundedCents),
      total_paid: campaign.paid ? toDollars(campaign.total_cents) : 0,
      athletes_count: entries.length,
      available_actions: cancellable ? ['cancel'] : [],
      requests,
      money: money.map((event) => ({ kind: event.kind, amount: toDollars(event.amountCents), at: seconds(event.at) ?? 0, text: moneyEventText(event.kind, event.amountCents) })),
    };
  }

  /** By status priority, then newest first (libs/domain), then by id so equal entries keep one order. */
  private sorted(entries: readonly CampaignEntryRow[]): CampaignEntryRow[] {
    const facts = (entry: CampaignEntryRow) => ({ status: entry.status, createdAt: seconds(entry.created_at) ?? 0, amountCents: entry.request_amount_cents });
    return [...entries].sort((a, b) => compareCampaignEntries(facts(a), facts(b)) || a.id.localeCompare(b.id));
  }

  private committedCents(entries: readonly CampaignEntryRow[]): number {
    return campaignCommittedCents(entries.map((entry) => ({ status: entry.status, createdAt: 0, amountCents: entry.request_amount_cents })));
  }

  /** When the last pending invitation expires (null when none is pending). */
  private expirationOf(entries: readonly CampaignEntryRow[]): number | null {
    const times = entries.filter((entry) => entry.status === RequestStatus.Pending && entry.expiration_time).map((entry) => seconds(entry.expiration_time) ?? 0);
    return times.length > 0 ? Math.max(...times) : null;
  }

  private viewerOf(campaign: CampaignRow, actor: RequestActor): CampaignViewer | null {
    if (actor.role === UserType.Admin) return 'admin';
    if (actor.id !== null && actor.id === campaign.business_id) return 'business';
    return null;
  }

  /** The caller's own campaign, or 1404 (another business's campaign is answered as a missing one). */
  private async ownCampaign(campaignId: string, actor: RequestActor): Promise<CampaignRow> {
    const campaign = await campaignRow(this.transactions.manager, campaignId);
    if (!campaign || actor.id === null || campaign.business_id !== actor.id) throw BookingErrors.requestNotFound();
    return campaign;
  }
}
