import type { NotificationDraft } from '@huddle/domain/notifications';

/** The channel every API process reads: `n:<userId>:<seq>` for a new notification, `u:<userId>` for a changed unread count. */
export const NOTIFICATIONS_CHANNEL = 'huddle_notifications';

// PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; items are split over several messages below that.
const MAX_PAYLOAD_BYTES = 7_900;

/** Runs one statement in the caller's transaction and answers its rows. */
export type RunInTransaction = (sql: string, params: unknown[]) => Promise<unknown[]>;

export interface NotificationAbout {
  referenceId: string | null;
  requestId: string | null;
  requestType: string | null;
  campaignId: string | null;
}

/** Comma-joined items, cut into payloads that PostgreSQL accepts. */
export function notifyPayloads(items: readonly string[]): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const item of items) {
    const next = current === '' ? item : `${current},${item}`;
    if (Buffer.byteLength(next) > MAX_PAYLOAD_BYTES && current !== '') {
      payloads.push(current);
      current = item;
    } else current = next;
  }
  if (current !== '') payloads.push(current);
  return payloads;
}

/**
 * Writes notifications inside the caller's transaction (the statements of NotificationsService,
 * kept here so the notification benchmark runs exactly them): a per-recipient advisory lock held
 * to the commit, taken in one order (sorted ids) so two changes never wait on each other in a
 * circle; the rows, each numbered after its recipient's last (so numbers rise in commit order);
 * and the announcement on NOTIFICATIONS_CHANNEL, which PostgreSQL delivers at commit, never on
 * a rollback.
 */
export async function writeNotifications(run: RunInTransaction, drafts: readonly NotificationDraft[], about: NotificationAbout): Promise<void> {
  if (drafts.length === 0) return;
  const users = [...new Set(drafts.map((draft) => draft.userId))].sort();
  await run(`SELECT pg_advisory_xact_lock(hashtextextended('notifications:' || u, 0)) FROM unnest($1::text[]) AS u`, [users]);
  const rows = (await run(
    `INSERT INTO notifications (user_id, seq, data, reference_id, request_id, request_type, endorsement_campaign_id)
     SELECT d.user_id,
            coalesce((SELECT max(n.seq) FROM notifications n WHERE n.user_id = d.user_id), 0) + row_number() OVER (PARTITION BY d.user_id ORDER BY d.ord),
            d.data, $4, $5, $6, $7
       FROM unnest($1::uuid[], $2::jsonb[], $3::int[]) AS d(user_id, data, ord)
     RETURNING user_id, seq`,
    [drafts.map((draft) => draft.userId), drafts.map((draft) => JSON.stringify(draft.data)), drafts.map((_, index) => index), about.referenceId, about.requestId, about.requestType, about.campaignId],
  )) as Array<{ user_id: string; seq: string }>;
  for (const payload of notifyPayloads(rows.map((row) => `n:${row.user_id}:${row.seq}`))) {
    await run('SELECT pg_notify($1, $2)', [NOTIFICATIONS_CHANNEL, payload]);
  }
}
