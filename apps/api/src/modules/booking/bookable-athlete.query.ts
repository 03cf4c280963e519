import type { EntityManager } from 'typeorm';
import { defaultServiceSettings, toDollars, UserType } from '@huddle/domain';
import type { AthleteServiceType, ServiceSetting } from '@huddle/domain';

/**
 * Read model behind a new booking (DESIGN "Data": SQL that reads several modules' tables lives in
 * a named read model): whether the athlete can be booked (a live account, neither blocked nor
 * deleted, of an athlete whose profile is complete; the accounts module's `accounts`) and their
 * current setting of the one service booked (the athletes module's `athlete_services`, read as the
 * sign-up default, not offered, when the athlete has no row for it). One statement, where asking
 * each module would take three. Null when the athlete cannot be booked.
 */
export async function bookableService(manager: EntityManager, athleteId: string, type: AthleteServiceType): Promise<ServiceSetting | null> {
  const rows: Array<{ enabled: boolean | null; rate_cents: number | null }> = await manager.query(
    `SELECT s.enabled, s.rate_cents
       FROM accounts a LEFT JOIN athlete_services s ON s.athlete_id = a.id AND s.service_type = $2
      WHERE a.id = $1 AND a.user_type = $3 AND a.profile_completed AND NOT a.blocked AND a.deleted_at IS NULL`,
    [athleteId, type, UserType.Athlete],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.enabled === null || row.rate_cents === null) return defaultServiceSettings()[type];
  return { enabled: row.enabled, rate: toDollars(row.rate_cents) };
}
