import { toDollars } from './limits';
import { REQUEST_STATUS_CODES, RequestStatus } from './request-status';
import { ATHLETE_SERVICE_TYPES } from './service-types';
import { UserType } from './roles';

/**
 * The administrator's statistics (issue 22, /manage/stats; GET /admin/counters), written once for
 * the API that counts and the screens (and the statistics issue's charts) that read them.
 */

/** Paid requests whose money is still held or owed on: pending, accepted, pending review, in progress. */
export const PAID_PENDING_STATUSES = [RequestStatus.Pending, RequestStatus.Accepted, RequestStatus.PendingReview, RequestStatus.InProgress] as const;

export interface AdminCounters {
  users_by_type: Record<string, number>;
  uncompleted_profiles_by_type: Record<string, number>;
  requests_by_status: Record<string, number>;
  requests_total: number;
  /** Dollars. */
  paid_pending_total: number;
  /** Dollars by request type. */
  paid_pending_by_request_type: Record<string, number>;
  requests_by_type: Record<string, number>;
}

export interface AdminCounterFacts {
  /** Live (not deleted) accounts by user type, and how many of them are incomplete. */
  accounts: ReadonlyArray<{ user_type: number; users: number; uncompleted: number }>;
  /** Paid requests by status and type (a campaign's requests are endorsements), with their amounts in cents. */
  requests: ReadonlyArray<{ status: number; type: string; requests: number; cents: number }>;
  /** Paid endorsement campaigns. */
  campaigns: number;
}

function zeros(keys: readonly (string | number)[]): Record<string, number> {
  return Object.fromEntries(keys.map((key) => [String(key), 0]));
}

/** The counters from grouped counts: every key present (0 when none), money in dollars. */
export function adminCounters(facts: AdminCounterFacts): AdminCounters {
  const usersByType = zeros([UserType.Fan, UserType.Athlete, UserType.Business, UserType.Admin]);
  const uncompleted = zeros([UserType.Fan, UserType.Athlete, UserType.Business]);
  for (const row of facts.accounts) {
    const key = String(row.user_type);
    if (key in usersByType) usersByType[key] += row.users;
    if (key in uncompleted) uncompleted[key] += row.uncompleted;
  }
  const byStatus = zeros(REQUEST_STATUS_CODES);
  const byType = zeros([...ATHLETE_SERVICE_TYPES, 'endorsement_campaign']);
  const pendingCentsByType = zeros(ATHLETE_SERVICE_TYPES);
  let total = 0;
  let pendingCents = 0;
  for (const row of facts.requests) {
    total += row.requests;
    byStatus[String(row.status)] = (byStatus[String(row.status)] ?? 0) + row.requests;
    byType[row.type] = (byType[row.type] ?? 0) + row.requests;
    if ((PAID_PENDING_STATUSES as readonly number[]).includes(row.status)) {
      pendingCents += row.cents;
      pendingCentsByType[row.type] = (pendingCentsByType[row.type] ?? 0) + row.cents;
    }
  }
  byType.endorsement_campaign = facts.campaigns;
  return {
    users_by_type: usersByType,
    uncompleted_profiles_by_type: uncompleted,
    requests_by_status: byStatus,
    requests_total: total,
    paid_pending_total: toDollars(pendingCents),
    paid_pending_by_request_type: Object.fromEntries(Object.entries(pendingCentsByType).map(([type, cents]) => [type, toDollars(cents)])),
    requests_by_type: byType,
  };
}
