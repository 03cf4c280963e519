import type { NotificationDraft } from '@huddle/domain/notifications';
import { MAX_NOTIFY_PAYLOAD_BYTES } from '../../database/cluster-bus';

/** The channel every API process reads: `n:<userId>:<seq>` for a new notification, `u:<userId>` for a changed unread count. */
export const NOTIFICATIONS_CHANNEL = 'huddle_notifications';


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
    if (Buffer.byteLength(next) > MAX_NOTIFY_PAYLOAD_BYTES && current !== '') {
      payloads.push(current);
      current = item;
    } else current = next;
  }
  if (current !== '') payloads.push(current);
  return payloads;
}

/**
 * Writes notifications inside the caller's transaction (the statements of NotificationsService,
 * kept here so the notification benchmark runs exactly them): each recipient's counter, whose row
 * lock held to the commit makes numbers rise in commit order and never repeat (deleting
 * notifications does not take numbers back); the rows; and the announcement on
 * NOTIFICATIONS_CHANNEL, which PostgreSQL delivers at commit, never on a rollback.
 */
export async function writeNotifications(run: RunInTransaction, drafts: readonly NotificationDraft[], about: NotificationAbout): Promise<void> {
  if (drafts.length === 0) return;
  const counts = new Map<string, number>();
  for (const draft of drafts) counts.set(draft.userId, (counts.get(draft.userId) ?? 0) + 1);
  const users = [...counts.keys()].sort();
  // Each recipient's counter moves up by its count, rows taken in one order (sorted ids) so two
  // changes never wait on each other in a circle; the row locks are held to the commit.
  const counters = (await run(
    `INSERT INTO notification_counters AS c (user_id, last_seq) SELECT u, n FROM unnest($1::uuid[], $2::int[]) AS t(u, n)
     ON CONFLICT (user_id) DO UPDATE SET last_seq = c.last_seq + excluded.last_seq
     RETURNING user_id, last_seq`,
    [users, users.map((user) => counts.get(user))],
  )) as Array<{ user_id: string; last_seq: string }>;
  const next = new Map(counters.map((row) => [row.user_id, Number(row.last_seq) - (counts.get(row.user_id) ?? 0)]));
  const seqs = drafts.map((draft) => {
    const seq = (next.get(draft.userId) ?? 0) + 1;
    next.set(draft.userId, seq);
    return seq;
  });
  await run(
    `INSERT INTO notifications (user_id, seq, data, reference_id, request_id, request_type, endorsement_campaign_id)
     SELECT d.user_id, d.seq, d.data, $4, $5, $6, $7 FROM unnest($1::uuid[], $2::jsonb[], $3::bigint[]) AS d(user_id, data, seq)`,
    [drafts.map((draft) => draft.userId), drafts.map((draft) => JSON.stringify(draft.data)), seqs, about.referenceId, about.requestId, about.requestType, about.campaignId],
  );
  for (const payload of notifyPayloads(drafts.map((draft, index) => `n:${draft.userId}:${seqs[index]}`))) {
    await run('SELECT pg_notify($1, $2)', [NOTIFICATIONS_CHANNEL, payload]);
  }
}
