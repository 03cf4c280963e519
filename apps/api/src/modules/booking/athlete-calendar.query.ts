import type { EntityManager } from 'typeorm';
import { publicRequesterName, RequestStatus, UserType } from '@huddle/domain';
import type { RequestStatusCode, ServiceType } from '@huddle/domain';

/** The statuses an event keeps its place in the athlete's calendar with: accepted, under way, finished. */
export const CALENDAR_STATUSES: readonly RequestStatusCode[] = [RequestStatus.Accepted, RequestStatus.InProgress, RequestStatus.Finished];

/** One timed event of the athlete's calendar. */
export interface CalendarEvent {
  id: string;
  type: ServiceType;
  status: RequestStatusCode;
  /** The request's own title as the requester named it. */
  name: string;
  start: Date;
  end: Date;
  /** The event's address; null for a video chat (held on Huddle). */
  address: string | null;
  /** The requester as anyone may see them (publicRequesterName): a business's name, else 'Jordan M.'. */
  requesterName: string;
  updatedAt: Date;
}

interface EventRow {
  id: string;
  type: ServiceType;
  status: RequestStatusCode;
  name: string;
  start_at: Date;
  end_at: Date;
  address: string | null;
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
  updated_at: Date;
}

/**
 * The athlete's calendar (issue 23), read from booking's `requests` with the requester's name from
 * `accounts` and `business_profiles`: the athlete's own timed requests (those holding a slot,
 * start_at set: appearances, speaking engagements, training sessions, camps, video chats) that are
 * accepted, in progress or finished, overlapping [from, to) when given, by start. Pending, declined
 * and canceled requests are never listed, so a canceled one leaves the calendar and the feed.
 */
export async function calendarEventsOf(manager: EntityManager, athleteId: string, range: { from: Date; to: Date } | null): Promise<CalendarEvent[]> {
  const rows: EventRow[] = await manager.query(
    `SELECT r.id, r.type, r.status, r.name, r.start_at, r.end_at, r.updated_at,
            nullif(trim(r.details #>> '{location,address}'), '') AS address,
            a.first_name, a.last_name, CASE WHEN a.user_type = $3 THEN b.name END AS business_name
       FROM requests r
       JOIN accounts a ON a.id = r.requester_id
       LEFT JOIN business_profiles b ON b.account_id = r.requester_id
      WHERE r.athlete_id = $1 AND r.start_at IS NOT NULL AND r.status = ANY($2::smallint[])
        AND ($4::timestamptz IS NULL OR r.end_at > $4) AND ($5::timestamptz IS NULL OR r.start_at < $5)
      ORDER BY r.start_at, r.id`,
    [athleteId, CALENDAR_STATUSES, UserType.Business, range?.from ?? null, range?.to ?? null],
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    status: Number(row.status) as RequestStatusCode,
    name: row.name,
    start: row.start_at,
    end: row.end_at,
    address: row.address,
    requesterName: publicRequesterName({ firstName: row.first_name, lastName: row.last_name, businessName: row.business_name }),
    updatedAt: row.updated_at,
  }));
}
