import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { bookingPayloadSchema, bookingDetails, bookingHours, bookingPriceCents, bookingStart, fieldErrors } from '@huddle/domain/request-details';
import type { BookingPayload } from '@huddle/domain/request-details';
import { isAthleteServiceType, RequestStatus, toCents, toDollars, UserType } from '@huddle/domain';
import { eventWindow, isBookableStart, isTimedService, splitAmount } from '@huddle/domain/request-actions';
import { viewerTimeZone } from '@huddle/domain/periods';
import type { RequestParty } from '@huddle/domain/request-actions';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/time/clock';
import { ATHLETE_ROLLUPS, foldParty, PARTY_UNFOLDED_LIMIT, REQUESTER_ROLLUPS } from '../../database/party-rollups';
import { Transactions } from '../../database/transactions';
import { AccountsService } from '../accounts/accounts.service';
import { MailService } from '../mail/mail.service';
import { PaymentsService } from '../payments/payments.service';
import { PayoutsService } from '../payouts/payouts.service';
import { BookingErrors } from './booking.errors';
import type { RequestCountersDto, RequestDto, RequestListPayload, PaymentSheetPayload, RequestSummaryDto } from './dto/request.dto';
import { CampaignsService } from './campaigns.service';
import { requesterListPage } from './campaign-views.query';
import { RequestEntity } from './entities/request.entity';
import type { RequestDetails } from './entities/request.entity';
import { paymentSheetOf } from './payment-sheet';
import { bookableService } from './bookable-athlete.query';
import { businessStatsOf } from './business-stats.query';
import { lockerRoomOf } from './locker-room.query';
import { ShareLinks } from './share-links';
import { RequestCoreService } from './request-core.service';
import { partyOf } from './request-party';
import type { RequestActor } from './request-party';
import { athleteRequestPage, insertRequest, REQUEST_SQL, requestById } from './request-rows';
import { requestView, summaryOf } from './request-view';
import type { Viewer } from './request-view';
import { partiesOf, requestPageOf, TAB_STATUSES } from './request-views.query';
import type { RequestTabName } from './request-views.query';

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * Booking's reads and the start of a request: the booking (an unpaid draft, the requester's alone,
 * until the card is held), its checkout, a request as each party sees it, the lists behind
 * /requests and their counters. Every change after creation goes through RequestCoreService.
 */
@Injectable()
export class BookingRequestsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly accounts: AccountsService,
    private readonly payments: PaymentsService,
    private readonly mail: MailService,
    private readonly core: RequestCoreService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly shares: ShareLinks,
    private readonly campaigns: CampaignsService,
    private readonly payouts: PayoutsService,
  ) {}

  /** Validates a booking against the schema, the athlete's current services and rates, and the clock. */
  async create(requesterId: string, body: unknown): Promise<RequestEntity> {
    const parsed = bookingPayloadSchema.safeParse(body);
    if (!parsed.success) throw BookingErrors.invalid(fieldErrors(parsed.error));
    const payload: BookingPayload = parsed.data;
    // The schema admits only the seven single-athlete types; this narrows the type for the read.
    if (!isAthleteServiceType(payload.type)) throw BookingErrors.serviceNotOffered();
    const hours = bookingHours(payload);
    const start = bookingStart(payload);
    const window = start !== null && isTimedService(payload.type) ? eventWindow(payload.type, start, hours) : null;
    const service = await bookableService(
      this.transactions.manager,
      payload.athlete_id,
      payload.type,
      window && { start: new Date(window.start * 1000), end: new Date(window.end * 1000) },
    );
    if (!service) throw BookingErrors.athleteNotFound();
    if (!service.enabled) throw BookingErrors.serviceNotOffered();
    const athlete = { id: payload.athlete_id };

    const amountCents = toCents(payload.request_amount);
    const priceCents = bookingPriceCents(payload.type, service.rate, hours);
    if (priceCents !== null && priceCents !== amountCents) throw BookingErrors.priceChanged(dollars(priceCents));

    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    if (start !== null && window) {
      const field = payload.type === 'video_chat' ? `${payload.type}.date_time` : `${payload.type}.start_time`;
      if (!isBookableStart(start, nowSeconds)) throw BookingErrors.wrongRequestDate(field);
      // Checked again, under the constraint, when the athlete accepts; here the requester learns it before paying.
      if (service.bookedDuring) throw BookingErrors.athleteBookedThen(field);
    }
    const split = splitAmount(amountCents, this.config.PLATFORM_FEE_PERCENT);
    const details = bookingDetails(payload) as RequestDetails;
    return this.transactions.run(async () => {
      const manager = this.transactions.manager;
      const request = await insertRequest(manager, {
        type: payload.type,
        athleteId: athlete.id,
        requesterId,
        name: payload.name,
        requestAmountCents: amountCents,
        feeAmountCents: split.feeCents,
        amountToAthleteCents: split.athleteCents,
        socialMediaPlatform: payload.social_media_platform || null,
        details,
        startAt: window ? new Date(window.start * 1000) : null,
        endAt: window ? new Date(window.end * 1000) : null,
        createdAt: this.clock.now(),
      });
      await manager.query(REQUEST_SQL.created, [request.id, requesterId, this.clock.now()]);
      return request;
    });
  }

  /** The request as this caller may see it; 1404 for anyone with no part in it, as for a missing one. */
  async view(requestId: string, actor: RequestActor, origin: string | null = null): Promise<RequestDto> {
    const request = await requestById(this.transactions.manager, requestId);
    return this.viewOf(request, actor, origin);
  }

  async viewByPaidId(paidId: string, actor: RequestActor, origin: string | null = null): Promise<RequestDto> {
    const request = await this.transactions.manager.findOneBy(RequestEntity, { paidId });
    return this.viewOf(request, actor, origin);
  }

  /** origin: the app's origin the caller uses, for a finished shoutout's share link (ShareLinks.urlOf). */
  async viewOf(request: RequestEntity | null, actor: RequestActor, origin: string | null = null): Promise<RequestDto> {
    const party = request ? partyOf(request, actor) : null;
    if (!request || !party || party === 'system') throw BookingErrors.requestNotFound();
    const manager = this.transactions.manager;
    const shared = request.type === 'shoutout' && request.status === RequestStatus.Finished && party === 'requester';
    const { parties, history, review, campaignName } = await requestPageOf(manager, request);
    const shareUrl = shared ? await this.shares.liveUrl(request.id, origin) : null;
    const inCampaign = request.endorsementCampaignId !== null;
    // A dispute of a campaign's one payment is the campaign's; its business sees it on each request.
    const subjects = inCampaign && party !== 'athlete' ? [request.id, request.endorsementCampaignId as string] : [request.id];
    const money = request.paid ? await this.payments.moneyTimeline(subjects, { capturedAtOnce: inCampaign }) : [];
    const payout = party !== 'requester' && request.status === RequestStatus.Finished ? await this.payouts.payoutOf(request.athleteId, request.id) : null;
    return requestView(request, party as Viewer, parties, {
      history,
      review,
      shareUrl,
      campaignName,
      nowSeconds: Math.floor(this.clock.now().getTime() / 1000),
      timers: this.core.timers,
      money,
      payoutStatus: payout?.status ?? null,
      payoutPaidCents: payout?.paidCents ?? null,
    });
  }

  /**
   * An athlete's incoming paid requests of one tab, newest change first; or a requester's own,
   * where a campaign is one entry ('@' and its id, by its derived status) and its requests are
   * not listed one by one (spec §2). An athlete sees a campaign's request as the endorsement it is.
   */
  async list(actor: RequestActor & { id: string }, tab: RequestTabName, page: number, pageSize: number): Promise<RequestListPayload> {
    const asAthlete = actor.role === UserType.Athlete || actor.role === UserType.Athlete + 10;
    const statuses = [...TAB_STATUSES[tab]];
    const manager = this.transactions.manager;
    const repository = manager.getRepository(RequestEntity);
    if (asAthlete) {
      const { rows, total } = await athleteRequestPage(manager, actor.id, statuses, pageSize, (page - 1) * pageSize);
      const parties = await partiesOf(manager, rows.map((row) => row.requesterId));
      return { requests: rows.map((row) => summaryOf(row, 'athlete', parties)), total, page, page_size: pageSize };
    }
    const { entries, total } = await requesterListPage(manager, actor.id, statuses, pageSize, (page - 1) * pageSize);
    const requestIds = entries.filter((entry) => entry.kind === 'request').map((entry) => entry.id);
    const rows = requestIds.length > 0 ? await repository.findBy({ id: In(requestIds) }) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const parties = await partiesOf(manager, rows.map((row) => row.athleteId));
    const campaigns = await this.campaigns.summaries(manager, entries.filter((entry) => entry.kind === 'campaign').map((entry) => entry.id));
    const requests = entries.flatMap((entry) => {
      if (entry.kind === 'campaign') return campaigns.has(entry.id) ? [campaigns.get(entry.id) as RequestSummaryDto] : [];
      const row = byId.get(entry.id);
      return row ? [summaryOf(row, 'requester', parties)] : [];
    });
    return { requests, total, page, page_size: pageSize };
  }

  /**
   * Requests by id, in the order given, as an administrator's list of one user's requests shows
   * them (GET /admin/requests/filter): each summary's profile is the other party (the requester
   * where the user is the athlete), with the facts the admin's list adds to it.
   */
  async summariesFor(userId: string, ids: readonly string[]): Promise<Array<{ summary: RequestSummaryDto; athleteId: string; requesterId: string; campaignId: string | null }>> {
    if (ids.length === 0) return [];
    const manager = this.transactions.manager;
    const rows = await manager.getRepository(RequestEntity).findBy({ id: In([...ids]) });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const viewerOf = (row: RequestEntity): Viewer => (row.athleteId === userId ? 'athlete' : 'requester');
    const parties = await partiesOf(manager, rows.map((row) => (viewerOf(row) === 'athlete' ? row.requesterId : row.athleteId)));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ summary: summaryOf(row, viewerOf(row), parties), athleteId: row.athleteId, requesterId: row.requesterId, campaignId: row.endorsementCampaignId }] : [];
    });
  }

  /**
   * Counts by status for every party; a business also gets its statistics (business-stats.query);
   * an athlete also gets the locker room (issue 23): earnings
   * from the ledger, the money as the payouts page shows it (PayoutsService.summary, the one
   * source), requests by type and the earnings chart, in the viewer's zone (`tz`, UTC by default).
   */
  async counters(actor: RequestActor & { id: string }, tz?: string): Promise<RequestCountersDto> {
    const zone = viewerTimeZone(tz);
    if (zone === null) throw BookingErrors.invalid({ tz: 'Choose a valid time zone' });
    const asAthlete = actor.role === UserType.Athlete || actor.role === UserType.Athlete + 10;
    const countersOf = (byStatus: Record<number, number>): RequestCountersDto => {
      const of = (status: number): number => byStatus[status] ?? 0;
      return { pending: of(1), accepted: of(2), canceled: of(3), pending_review: of(4), finished: of(5), in_progress: of(6) };
    };
    // A business's and an athlete's counts come with their read model's one statement.
    if (actor.role === UserType.Business || actor.role === UserType.Business + 10) {
      const stats = await businessStatsOf(this.transactions.manager, actor.id, this.clock.now(), zone);
      if (stats.unfolded > PARTY_UNFOLDED_LIMIT) await foldParty(this.transactions.manager, REQUESTER_ROLLUPS, actor.id);
      const counters: RequestCountersDto = { ...stats.byStatus };
      const at = (bucket: { start: Date; label: string; cents: number }) => ({ start: Math.floor(bucket.start.getTime() / 1000), label: bucket.label, spent: toDollars(bucket.cents) });
      counters.business_stats = {
        time_zone: zone,
        totals: { spent: toDollars(stats.totals.spentCents), accepted: toDollars(stats.totals.acceptedCents), rejected: toDollars(stats.totals.rejectedCents) },
        by_status: stats.byStatus,
        by_type: stats.byType.map((row) => ({ type: row.type, count: row.count, spent: toDollars(row.spentCents), accepted: toDollars(row.acceptedCents), rejected: toDollars(row.rejectedCents) })),
        by_athlete: stats.byAthlete.map((row) => ({ athlete_id: row.athleteId, name: row.name, count: row.count, spent: toDollars(row.spentCents) })),
        other_athletes: { athletes: stats.otherAthletes.athletes, count: stats.otherAthletes.count, spent: toDollars(stats.otherAthletes.spentCents) },
        chart: { weeks: stats.chart.week.map(at), months: stats.chart.month.map(at) },
      };
      return counters;
    }
    if (!asAthlete) {
      // A fan's counts from their rollup (requester_totals), which is folded here as a business's is
      // by its statistics (the fan's other rollups with it), so a fan's rows never pile up unread.
      const rows: Array<{ status: number; count: number; unfolded: number }> = await this.transactions.manager.query(
        `SELECT status, sum(requests)::int AS count, count(*) FILTER (WHERE NOT folded)::int AS unfolded
           FROM requester_totals WHERE requester_id = $1 GROUP BY status`,
        [actor.id],
      );
      if (rows.reduce((total, row) => total + row.unfolded, 0) > PARTY_UNFOLDED_LIMIT) await foldParty(this.transactions.manager, REQUESTER_ROLLUPS, actor.id);
      return countersOf(Object.fromEntries(rows.map((row) => [row.status, row.count])));
    }
    const [facts, money] = await Promise.all([lockerRoomOf(this.transactions.manager, actor.id, this.clock.now(), zone), this.payouts.money(actor.id)]);
    if (facts.unfolded > PARTY_UNFOLDED_LIMIT) await foldParty(this.transactions.manager, ATHLETE_ROLLUPS, actor.id);
    const counters = countersOf(facts.byStatus);
    const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);
    counters.locker_room = {
      time_zone: zone,
      week_start: seconds(facts.weekStart),
      month_start: seconds(facts.monthStart),
      earnings: { total: toDollars(facts.earnings.totalCents), week: toDollars(facts.earnings.weekCents), month: toDollars(facts.earnings.monthCents) },
      money: { owed: toDollars(money.owedCents), payable: toDollars(money.due.payableCents), on_its_way: toDollars(money.onItsWayCents), paid_out: toDollars(money.paidCents) },
      requests: { ...facts.requests, by_type: facts.byType },
      chart: {
        weeks: facts.chart.week.map((bucket) => ({ start: seconds(bucket.start), label: bucket.label, earnings: toDollars(bucket.cents) })),
        months: facts.chart.month.map((bucket) => ({ start: seconds(bucket.start), label: bucket.label, earnings: toDollars(bucket.cents) })),
      },
    };
    return counters;
  }

  /** The payment sheet of the requester's unpaid draft: the same intent on every repeat. */
  async paymentSheet(requestId: string, actor: RequestActor): Promise<PaymentSheetPayload> {
    const request = await requestById(this.transactions.manager, requestId);
    const party = request ? partyOf(request, actor) : null;
    // A campaign's request is paid with its campaign (the campaign's own payment sheet), never alone.
    if (!request || party !== 'requester' || request.endorsementCampaignId !== null) throw BookingErrors.requestNotFound();
    if (request.paid) throw BookingErrors.notADraft();
    if (request.status !== RequestStatus.Pending) throw BookingErrors.requestNotFound();
    return paymentSheetOf(
      await this.payments.openCheckout({
        requestId: request.id,
        payerId: request.requesterId,
        payerEmail: await this.accounts.emailOf(request.requesterId),
        amountCents: request.requestAmountCents,
        description: `Huddle request ${request.orderNumber}: ${request.name}`,
      }),
      request.requestAmountCents,
    );
  }

  /** The requester's rating of a finished request, once; the review row is written with the action. */
  async review(requestId: string, actor: RequestActor, rate: number): Promise<RequestEntity> {
    return this.core.apply(requestId, 'review', actor, {
      effect: async (request, manager) => {
        await manager.query(`INSERT INTO reviews (request_id, athlete_id, reviewer_id, rate, submitted_at) VALUES ($1, $2, $3, $4, $5)`, [
          request.id,
          request.athleteId,
          request.requesterId,
          rate,
          this.clock.now(),
        ]);
      },
    });
  }

  /** Contact customer support about a request: an email to SUPPORT_EMAIL, through the queue. */
  async contactSupport(requestId: string, actor: RequestActor & { id: string }, message: string): Promise<void> {
    const request = await this.transactions.manager.findOneBy(RequestEntity, { id: requestId });
    const party: RequestParty | null = request ? partyOf(request, actor) : null;
    if (!request || !party || party === 'system') throw BookingErrors.requestNotFound();
    const sender = await this.accounts.getById(actor.id);
    await this.mail.send({
      to: this.config.SUPPORT_EMAIL,
      subject: `Support: request ${request.orderNumber} (${request.type})`,
      text: `${sender.firstName ?? ''} ${sender.lastName ?? ''} <${sender.email}>, the ${party} of request ${request.orderNumber} (${request.id}), wrote:\n\n${message}\n\nReply to ${sender.email}.\n`,
    });
  }
}
