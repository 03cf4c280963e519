import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RequestStatus } from '@huddle/domain';
import { isIsoDay, NIL_DISCLOSURE_THRESHOLD_CENTS, nilDay, nilObligations, nilReportBy } from '@huddle/domain/nil';
import type { NilGoStatus, NilPayor } from '@huddle/domain/nil';
import { Clock } from '../../common/time/clock';
import { isUuid } from '../../common/validation/uuid';
import { Transactions } from '../../database/transactions';
import { REQUEST_CHANGED } from '../booking/booking-events';
import type { RequestChangedEvent } from '../booking/booking-events';
import { JobsService } from '../jobs/jobs.service';
import { NotificationsService } from '../notifications/notifications.service';
import { nilDealOf } from './nil-deals.query';
import { NIL_MESSAGES, NilErrors } from './nil.errors';

/** One row of `nil_disclosures`. */
export interface NilDisclosureRow {
  id: string;
  request_id: string;
  athlete_id: string;
  payor_id: string;
  payor_kind: 'fan' | 'business';
  payor_name: string;
  company_name: string | null;
  company_email: string | null;
  company_website: string | null;
  company_address: string | null;
  request_type: string;
  amount_cents: number;
  fee_cents: number;
  athlete_net_cents: number;
  agreed_at: Date;
  obligations: string;
  payor_total_cents: number;
  flagged: boolean;
  /** 'YYYY-MM-DD' (read as text: a date has no zone). */
  report_by: string | null;
  reported_on: string | null;
  nil_go_status: NilGoStatus | null;
  void: boolean;
}

const COLUMNS = `id, request_id, athlete_id, payor_id, payor_kind, payor_name, company_name, company_email, company_website, company_address,
  request_type, amount_cents, fee_cents, athlete_net_cents, agreed_at, obligations, payor_total_cents, flagged,
  report_by::text AS report_by, reported_on::text AS reported_on, nil_go_status, void`;

export function payorOf(row: NilDisclosureRow): NilPayor {
  return {
    kind: row.payor_kind,
    name: row.payor_name,
    company: row.company_name === null ? null : { name: row.company_name, email: row.company_email, website: row.company_website, address: row.company_address },
  };
}

/** A deal that was agreed and is now off: its record is voided. */
function canceledAfterAcceptance(change: Pick<RequestChangedEvent, 'fromStatus' | 'toStatus'>): boolean {
  return change.toStatus === RequestStatus.Canceled && change.fromStatus !== RequestStatus.Pending;
}

/**
 * NIL disclosure (issue 23). Every accepted request, a campaign's share included, gets one record,
 * written by this module's job of booking's request-changed event for 'accept' (the job is enqueued
 * in the acceptance's own transaction, so a crash never loses it; `once` and the unique request_id
 * keep a retried or repeated job from writing twice). A request canceled after acceptance (every
 * such cancel refunds the payor in full, or releases a hold never charged) voids its record: kept,
 * the deal was agreed, but left out of later running totals.
 *
 * The running total is per payor account and athlete: Huddle does not model common ownership, so
 * two businesses of one owner are two payors here. The record that brings the total to $600 or
 * more, and every later one from that payor, is flagged with its report-by date, and the athlete is
 * told. Records of one athlete and payor are written one at a time (an advisory lock on the pair),
 * so two acceptances at once each see the other's amount.
 */
@Injectable()
export class NilDisclosuresService implements OnModuleInit {
  constructor(
    private readonly transactions: Transactions,
    private readonly jobs: JobsService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.jobs.subscribe<RequestChangedEvent>(
      REQUEST_CHANGED,
      'nil',
      async (job) => {
        const change = job.data;
        if (change.action === 'accept') await this.jobs.once(job, (manager) => this.recordIn(manager, change));
        else if (canceledAfterAcceptance(change)) await this.jobs.once(job, (manager) => this.voidIn(manager, change));
      },
      // Only an acceptance makes a record and only a cancel after it voids one; a payment, a
      // decline or a pending cancel (most changes) gets no job at all.
      { wants: (change) => change.action === 'accept' || canceledAfterAcceptance(change) },
    );
  }

  /** The pair's lock: one athlete's deals with one payor are totalled one at a time. */
  private async lockPair(manager: EntityManager, athleteId: string, payorId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('nil_disclosures'), hashtext($1))`, [`${athleteId}:${payorId}`]);
  }

  /** Writes the record of an accepted request (nothing when it already has one). */
  async recordIn(manager: EntityManager, change: Pick<RequestChangedEvent, 'requestId' | 'athleteId' | 'requesterId'>): Promise<void> {
    await this.lockPair(manager, change.athleteId, change.requesterId);
    // Read under the lock: a cancel committed meanwhile is seen, and its record is born void.
    const deal = await nilDealOf(manager, change.requestId);
    if (!deal || !deal.acceptedAt) return;
    const [{ before }]: Array<{ before: string }> = await manager.query(
      `SELECT coalesce(sum(amount_cents), 0)::text AS before FROM nil_disclosures
        WHERE athlete_id = $1 AND payor_id = $2 AND NOT void AND agreed_at <= $3 AND request_id <> $4`,
      [deal.athleteId, deal.payorId, deal.acceptedAt, deal.requestId],
    );
    const total = Number(before) + deal.amountCents;
    const flagged = total >= NIL_DISCLOSURE_THRESHOLD_CENTS;
    const reportBy = flagged ? nilReportBy(deal.acceptedAt) : null;
    const requestType = deal.campaignName !== null ? 'endorsement_campaign' : deal.type;
    const canceled = deal.status === RequestStatus.Canceled;
    const inserted: unknown[] = await manager.query(
      `INSERT INTO nil_disclosures (request_id, athlete_id, payor_id, payor_kind, payor_name, company_name, company_email, company_website, company_address,
         request_type, amount_cents, fee_cents, athlete_net_cents, agreed_at, obligations, payor_total_cents, flagged, report_by, void, voided_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, CASE WHEN $19 THEN now() END)
       ON CONFLICT (request_id) DO NOTHING RETURNING id`,
      [
        deal.requestId,
        deal.athleteId,
        deal.payorId,
        deal.payor.kind,
        deal.payor.name,
        deal.payor.company?.name ?? null,
        deal.payor.company?.email ?? null,
        deal.payor.company?.website ?? null,
        deal.payor.company?.address ?? null,
        requestType,
        deal.amountCents,
        deal.feeCents,
        deal.athleteNetCents,
        deal.acceptedAt,
        nilObligations({ type: deal.type, name: deal.name, details: deal.details, campaignName: deal.campaignName, socialPlatforms: deal.socialPlatforms }),
        total,
        flagged,
        reportBy,
        canceled,
      ],
    );
    if (inserted.length === 0 || !reportBy || canceled) return;
    await this.notifications.nilDisclosureDueIn(manager, { athleteId: deal.athleteId, payorName: deal.payor.name, reportBy, requestId: deal.requestId, requestType });
  }

  /** Marks the record of a request canceled after acceptance void (refunded in full). */
  async voidIn(manager: EntityManager, change: Pick<RequestChangedEvent, 'requestId' | 'athleteId' | 'requesterId'>): Promise<void> {
    await this.lockPair(manager, change.athleteId, change.requesterId);
    await manager.query(`UPDATE nil_disclosures SET void = true, voided_at = now(), updated_at = now() WHERE request_id = $1 AND NOT void`, [change.requestId]);
  }

  /** The athlete's records, newest agreed first. */
  async listOf(athleteId: string): Promise<NilDisclosureRow[]> {
    return this.transactions.manager.query(`SELECT ${COLUMNS} FROM nil_disclosures WHERE athlete_id = $1 ORDER BY agreed_at DESC, id`, [athleteId]);
  }

  /** One of the athlete's own records; another athlete's, or no such id, is not found. */
  async ownOf(athleteId: string, id: string, manager: EntityManager = this.transactions.manager, lock = false): Promise<NilDisclosureRow> {
    const rows: NilDisclosureRow[] = isUuid(id)
      ? await manager.query(`SELECT ${COLUMNS} FROM nil_disclosures WHERE id = $1 AND athlete_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, athleteId])
      : [];
    if (!rows[0]) throw NilErrors.notFound();
    return rows[0];
  }

  /**
   * The athlete reported a flagged deal to NIL Go on `reportedOn` (not before the day it was agreed
   * in New York, not after today there), with NIL Go's answer when they have it. Sent again, it
   * changes the date and the status.
   */
  async markReported(athleteId: string, id: string, reportedOn: string, status: NilGoStatus | null): Promise<NilDisclosureRow> {
    return this.transactions.run(async () => {
      const manager = this.transactions.manager;
      const row = await this.ownOf(athleteId, id, manager, true);
      if (!row.flagged) throw NilErrors.notFlagged();
      if (!isIsoDay(reportedOn)) throw NilErrors.reportedOn(NIL_MESSAGES.reportedOnInvalid);
      const agreedDay = nilDay(new Date(row.agreed_at));
      if (reportedOn < agreedDay) throw NilErrors.reportedOn(NIL_MESSAGES.reportedBeforeAgreed(agreedDay));
      if (reportedOn > nilDay(this.clock.now())) throw NilErrors.reportedOn(NIL_MESSAGES.reportedInFuture);
      await manager.query(`UPDATE nil_disclosures SET reported_on = $2, nil_go_status = $3, updated_at = now() WHERE id = $1`, [row.id, reportedOn, status]);
      return this.ownOf(athleteId, id, manager);
    });
  }

  /** Every flagged record, oldest agreed first (the administrator's export). */
  async flagged(manager: EntityManager): Promise<NilDisclosureRow[]> {
    return manager.query(`SELECT ${COLUMNS} FROM nil_disclosures WHERE flagged ORDER BY agreed_at, id`);
  }
}
