import type { EntityManager } from 'typeorm';
import { defaultServiceSettings, toDollars, UserType } from '@huddle/domain';
import { CALENDAR_HOLDING_STATUSES } from '@huddle/domain/request-actions';
import type { AthleteServiceType, ServiceSetting } from '@huddle/domain';

/** A bookable athlete's setting of the service booked, and whether a slot they hold overlaps the one asked for. */
export interface BookableService extends ServiceSetting {
  bookedDuring: boolean;
}

/**
 * Read model behind a new booking (DESIGN "Data": SQL that reads several modules' tables lives in
 * a named read model): whether the athlete can be booked (a live account, neither blocked nor
 * deleted, of an athlete whose profile is complete; the accounts module's `accounts`), their
 * current setting of the one service booked (the athletes module's `athlete_services`, read as the
 * sign-up default, not offered, when the athlete has no row for it) and, for a timed booking,
 * whether an accepted or in-progress request of theirs overlaps `window` (booking's `requests`,
 * through the partial index of the no-double-booking constraint). One statement, where asking each
 * module would take three. Null when the athlete cannot be booked.
 */
export async function bookableService(
  manager: EntityManager,
  athleteId: string,
  type: AthleteServiceType,
  window: { start: Date; end: Date } | null = null,
): Promise<BookableService | null> {
  const rows: Array<{ enabled: boolean | null; rate_cents: number | null; booked_during: boolean }> = await manager.query(
    `SELECT s.enabled, s.rate_cents,
            $4::timestamptz IS NOT NULL AND EXISTS (
              SELECT 1 FROM requests r
               WHERE r.athlete_id = a.id AND r.status IN (${CALENDAR_HOLDING_STATUSES.join(', ')}) AND r.start_at IS NOT NULL
                 AND tstzrange(r.start_at, r.end_at) && tstzrange($4::timestamptz, $5::timestamptz)) AS booked_during
       FROM accounts a LEFT JOIN athlete_services s ON s.athlete_id = a.id AND s.service_type = $2
      WHERE a.id = $1 AND a.user_type = $3 AND a.profile_completed AND NOT a.blocked AND a.deleted_at IS NULL`,
    [athleteId, type, UserType.Athlete, window?.start ?? null, window?.end ?? null],
  );
  const row = rows[0];
  if (!row) return null;
  const setting = row.enabled === null || row.rate_cents === null ? defaultServiceSettings()[type] : { enabled: row.enabled, rate: toDollars(row.rate_cents) };
  return { ...setting, bookedDuring: row.booked_during };
}
