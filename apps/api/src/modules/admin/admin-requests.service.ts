import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ErrorCode, RequestStatus, toDollars } from '@huddle/domain';
import type { RequestPayoutStatus } from '@huddle/domain/payouts';
import { DomainError } from '../../common/errors/domain-error';
import { BookingRequestsService } from '../booking/booking-requests.service';
import { CampaignsService } from '../booking/campaigns.service';
import { PayoutsService } from '../payouts/payouts.service';
import type { RequestPayout } from '../payouts/payouts.service';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { AdminRequestsErrors } from './admin-requests.errors';
import { userRequestRefs, userRequestsPage } from './admin-requests.query';
import type { AdminRequestListPayload, AdminRequestLookupPayload, AdminRequestRowDto } from './dto/admin-requests.dto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AdminRequestsFilter {
  userId: string;
  page: number;
  pageSize: number;
  requestType: string | null;
  payoutStatus: RequestPayoutStatus | null;
}

/**
 * The administrator's reads of requests and campaigns (issue 22): a user's requests with each
 * one's payout status, and a request or a campaign as an administrator sees it. Booking's own
 * views (through BookingRequestsService and CampaignsService) and payouts' status rule
 * (PayoutsService), so the admin sees what the parties see, plus what only an administrator may.
 */
@Injectable()
export class AdminRequestsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly requests: BookingRequestsService,
    private readonly campaigns: CampaignsService,
    private readonly payouts: PayoutsService,
  ) {}

  async filter(filter: AdminRequestsFilter): Promise<AdminRequestListPayload> {
    const { userId, page, pageSize } = filter;
    const manager = this.dataSource.manager;
    const offset = (page - 1) * pageSize;
    let ids: string[];
    let total: number;
    if (filter.payoutStatus === null) {
      ({ ids, total } = await userRequestsPage(manager, userId, filter.requestType, pageSize, offset));
    } else {
      // Only a finished request is ever paid out: the others are unpaid without asking payouts.
      const refs = await userRequestRefs(manager, userId, filter.requestType);
      const payouts = await this.payoutsOf(refs.filter((ref) => ref.status === RequestStatus.Finished).map((ref) => ({ id: ref.id, athleteId: ref.athlete_id })));
      const matching = refs.filter((ref) => (payouts.get(ref.id)?.status ?? 'unpaid') === filter.payoutStatus);
      total = matching.length;
      ids = matching.slice(offset, offset + pageSize).map((ref) => ref.id);
    }
    const rows = await this.requests.summariesFor(userId, ids);
    const payouts = await this.payoutsOf(rows.filter((row) => row.summary.status === RequestStatus.Finished).map((row) => ({ id: row.summary.id, athleteId: row.athleteId })));
    const requests: AdminRequestRowDto[] = rows.map((row) => ({
      ...row.summary,
      payout_status: payouts.get(row.summary.id)?.status ?? 'unpaid',
      payout_paid: toDollars(payouts.get(row.summary.id)?.paidCents ?? 0),
      athlete_id: row.athleteId,
      requester_id: row.requesterId,
      endorsement_campaign_id: row.campaignId,
    }));
    return { requests, total, page, page_size: pageSize };
  }

  /** A request (a uuid) or a campaign ('@' and its uuid) as the administrator sees it; 1404 'Request not found' otherwise. */
  async byId(admin: AuthenticatedAccount, id: string): Promise<AdminRequestLookupPayload> {
    const actor = { id: admin.id, role: admin.role };
    const campaignId = id.startsWith('@') ? id.slice(1) : null;
    if (!UUID.test(campaignId ?? id)) throw AdminRequestsErrors.requestNotFound();
    try {
      if (campaignId !== null) return { campaign: await this.campaigns.view(campaignId, actor) };
      return { request: await this.requests.view(id, actor) };
    } catch (error) {
      // Booking answers a missing one in its words; the console's are the same ('Request not found').
      if (error instanceof DomainError && error.code === ErrorCode.NotFound) throw AdminRequestsErrors.requestNotFound();
      throw error;
    }
  }

  /** Payout statuses of finished requests, one read per athlete (PayoutsService reads an athlete's shares at once). */
  private async payoutsOf(requests: ReadonlyArray<{ id: string; athleteId: string }>): Promise<Map<string, RequestPayout>> {
    const byAthlete = new Map<string, string[]>();
    for (const request of requests) byAthlete.set(request.athleteId, [...(byAthlete.get(request.athleteId) ?? []), request.id]);
    const payouts = new Map<string, RequestPayout>();
    for (const [athleteId, ids] of byAthlete) {
      for (const [id, payout] of await this.payouts.payoutsOf(athleteId, ids)) payouts.set(id, payout);
    }
    return payouts;
  }
}
