import type { EntityManager } from 'typeorm';
import { publicRequesterName, UserType } from '@huddle/domain';

/** What notifications need of the people in a request: how to name them, and where and whether to email them. */
export interface NotificationPerson {
  id: string;
  /** The athlete's first name; a requester as publicRequesterName names one ('Riley P.', a business's name). */
  name: string;
  email: string | null;
  emailNotifications: boolean;
}

/** One person, for a notification that concerns only them (named as a requester is). */
export async function notificationPerson(manager: EntityManager, id: string): Promise<NotificationPerson> {
  return (await notificationPeople(manager, id, id)).requester;
}

/**
 * Read model of the notifications module (DESIGN "Data"): reads `accounts` (the accounts module's)
 * and `business_profiles` for the names and email settings of a request's two parties, inside the
 * transaction of the change that notifies them.
 */
export async function notificationPeople(manager: EntityManager, athleteId: string, requesterId: string): Promise<{ athlete: NotificationPerson; requester: NotificationPerson }> {
  const rows: Array<{ id: string; first_name: string | null; last_name: string | null; business_name: string | null; email: string | null; email_notifications: boolean }> =
    await manager.query(
      `SELECT a.id, a.first_name, a.last_name, a.email, a.email_notifications, CASE WHEN a.user_type = $2 THEN b.name END AS business_name
         FROM accounts a LEFT JOIN business_profiles b ON b.account_id = a.id
        WHERE a.id = ANY($1::uuid[])`,
      [[athleteId, requesterId], UserType.Business],
    );
  const person = (id: string, name: (row: (typeof rows)[number]) => string): NotificationPerson => {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) return { id, name: 'Someone', email: null, emailNotifications: false };
    return { id, name: name(row) || 'Someone', email: row.email, emailNotifications: row.email_notifications };
  };
  return {
    athlete: person(athleteId, (row) => (row.first_name ?? '').trim()),
    requester: person(requesterId, (row) => publicRequesterName({ firstName: row.first_name, lastName: row.last_name, businessName: row.business_name })),
  };
}

/** Every administrator who can act (reads `accounts`): who hears of money incidents. */
export async function administratorIds(manager: EntityManager): Promise<string[]> {
  const rows: Array<{ id: string }> = await manager.query(
    `SELECT id FROM accounts WHERE user_type = $1 AND NOT blocked AND deleted_at IS NULL ORDER BY id`,
    [UserType.Admin],
  );
  return rows.map((row) => row.id);
}
