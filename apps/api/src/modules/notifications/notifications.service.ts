import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { LiveNotification, LiveSignal, NotificationData, ServiceType } from '@huddle/domain';
import type { RequestAction, RequestParty } from '@huddle/domain/request-actions';
import { payoutSentNotification } from '@huddle/domain/payouts';
import {
  campaignCompletedNotification,
  campaignRefundNotification,
  moneyDelayedNotification,
  moneyNotification,
  paymentFailedNotification,
  paymentNotCollectedNotification,
  requestNotifications,
} from '@huddle/domain/notifications';
import type { DelayedMoneyKind } from '@huddle/domain/notifications';
import type { MoneyNoticeKind, NotificationDraft } from '@huddle/domain/notifications';
import { nilDisclosureDueNotification } from '@huddle/domain/nil';
import { AppConfig } from '../../config/app-config';
import { ClusterBus } from '../../database/cluster-bus';
import { Transactions } from '../../database/transactions';
import { JobsService } from '../jobs/jobs.service';
import { MailService } from '../mail/mail.service';
import { administratorIds, notificationPeople, notificationPerson } from './notification-recipients.query';
import type { NotificationPerson } from './notification-recipients.query';
import { NOTIFICATIONS_CHANNEL, writeNotifications } from './notification-writes';

export { NOTIFICATIONS_CHANNEL } from './notification-writes';


/** A step a request took, as booking reports it (inside the transaction that took it). */
export interface RequestChange {
  requestId: string;
  action: RequestAction | 'pay';
  type: ServiceType;
  athleteId: string;
  requesterId: string;
  actor: RequestParty;
  /** The endorsement campaign the request belongs to, if any. */
  campaign?: { id: string; name: string } | null;
}

export interface NotificationRow {
  id: string;
  user_id: string;
  seq: string;
  data: LiveNotification['data'];
  is_read: boolean;
  reference_id: string | null;
  request_id: string | null;
  request_type: LiveNotification['request_type'];
  endorsement_campaign_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface NotificationPage {
  notifications: LiveNotification[];
  unreadCount: number;
  total: number;
}

const SWEEP_SIGNALS = 'notifications.sweep-signals';

/** How long an undelivered video chat signal is kept (a call is 5 minutes). */
export const SIGNAL_TTL_SECONDS = 10 * 60;

const COLUMNS = 'id, user_id, seq, data, is_read, reference_id, request_id, request_type, endorsement_campaign_id, created_at, updated_at';

export function toLiveNotification(row: NotificationRow): LiveNotification {
  return {
    id: row.id,
    seq: Number(row.seq),
    data: row.data,
    is_read: row.is_read,
    user_id: row.user_id,
    reference_id: row.reference_id,
    request_id: row.request_id,
    request_type: row.request_type,
    endorsement_campaign_id: row.endorsement_campaign_id,
    created_at: Math.floor(row.created_at.getTime() / 1000),
    updated_at: Math.floor(row.updated_at.getTime() / 1000),
  };
}

/**
 * Owner of in-app notifications. They are written in the transaction of the change that causes
 * them (a change never commits without its notifications; a rolled-back one leaves none), with the
 * emails of the important ones queued in that transaction too, and announced on
 * NOTIFICATIONS_CHANNEL, which PostgreSQL delivers to every API process at commit. Each user's
 * notifications are numbered 1, 2, 3 ... in commit order (writeNotifications), so a stream client
 * that reconnects with the last number it saw misses nothing.
 */
@Injectable()
export class NotificationsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly bus: ClusterBus,
    private readonly mail: MailService,
    private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(SWEEP_SIGNALS, async () => {
      await this.sweepSignals();
    });
    this.jobs.schedule(SWEEP_SIGNALS, '*/5 * * * *');
  }

  /** Tells the parties of a request what happened to it (the rules are libs/domain's), inside the change's transaction. */
  async requestChangedIn(manager: EntityManager, change: RequestChange): Promise<void> {
    const people = await notificationPeople(manager, change.athleteId, change.requesterId);
    const drafts = requestNotifications({ ...change, athleteName: people.athlete.name, requesterName: people.requester.name });
    if (drafts.length === 0) return;
    await writeNotifications((sql, params) => manager.query(sql, params), drafts, {
      referenceId: change.campaign?.id ?? change.requestId,
      requestId: change.requestId,
      requestType: change.type,
      campaignId: change.campaign?.id ?? null,
    });
    for (const draft of drafts) {
      const person = draft.userId === people.athlete.id ? people.athlete : people.requester;
      if (draft.email) await this.emailIn(manager, person, draft);
    }
  }

  /**
   * Tells the requester the card could not be charged (the capture gave up), and the athlete, when
   * given, to wait before delivering: inside the caller's transaction.
   */
  async paymentFailedIn(manager: EntityManager, payment: { requesterId: string; athleteId?: string; requestId: string; requestType?: string | null }): Promise<void> {
    const drafts = [paymentFailedNotification(payment.requesterId, payment.requestId), ...(payment.athleteId ? [paymentNotCollectedNotification(payment.athleteId, payment.requestId)] : [])];
    await writeNotifications((sql, params) => manager.query(sql, params), drafts, {
      referenceId: payment.requestId,
      requestId: payment.requestId,
      requestType: payment.requestType ?? null,
      campaignId: null,
    });
    for (const draft of drafts) await this.emailIn(manager, await notificationPerson(manager, draft.userId), draft);
  }

  /**
   * Tells the payer the release of their hold or their refund is delayed (its job gave up, or the
   * provider reports the refund failed), inside the transaction that records the money incident.
   * `campaignId` when the money is a campaign's (its page is the link; `requestId` is then the
   * share's request, or null for the campaign's whole payment).
   */
  async moneyDelayedIn(
    manager: EntityManager,
    notice: { kind: DelayedMoneyKind; payerId: string; amountCents: number; requestId: string | null; campaignId?: string | null },
  ): Promise<void> {
    const campaignId = notice.campaignId ?? null;
    const reference = campaignId ?? notice.requestId;
    if (!reference) throw new Error('A delayed money notice needs its request or campaign');
    const draft = moneyDelayedNotification({ ...notice, link: campaignId ? `/request/@${campaignId}` : `/request/${reference}` });
    // Once: a refund that fails is heard of twice (its job gives up, the provider's event says failed).
    const told: unknown[] = await manager.query(
      `SELECT 1 FROM notifications WHERE user_id = $1 AND reference_id = $2 AND data->>'title' = $3 LIMIT 1`,
      [notice.payerId, reference, draft.data.title],
    );
    if (told.length > 0) return;
    await writeNotifications((sql, params) => manager.query(sql, params), [draft], {
      referenceId: reference,
      requestId: notice.requestId,
      requestType: null,
      campaignId,
    });
    await this.emailIn(manager, await notificationPerson(manager, notice.payerId), draft);
  }

  /**
   * The payer's confirmation and receipt that money moved (charged, hold released, refunded),
   * written in the transaction that records the provider's answer in the ledger.
   */
  async moneyNoticeIn(
    manager: EntityManager,
    notice: { kind: MoneyNoticeKind; payerId: string; requestId: string; amountCents: number; athleteId: string | null; serviceType: ServiceType | null; card: { brand: string; last4: string } | null; at: Date },
  ): Promise<void> {
    const people = await notificationPeople(manager, notice.athleteId ?? notice.payerId, notice.payerId);
    const draft = moneyNotification({ ...notice, athleteName: notice.athleteId ? people.athlete.name : null });
    await writeNotifications((sql, params) => manager.query(sql, params), [draft], {
      referenceId: notice.requestId,
      requestId: notice.requestId,
      requestType: notice.serviceType,
      campaignId: null,
    });
    await this.emailIn(manager, people.requester, draft);
  }

  /**
   * Tells every administrator something needs them (a money incident), inside the caller's
   * transaction. Not by email: the console is where they act, and a burst of incidents must not
   * become a burst of mail.
   */
  async adminAlertIn(manager: EntityManager, data: NotificationData): Promise<void> {
    const admins = await administratorIds(manager);
    if (admins.length === 0) return;
    const drafts: NotificationDraft[] = admins.map((userId) => ({ userId, data, email: false }));
    await writeNotifications((sql, params) => manager.query(sql, params), drafts, { referenceId: null, requestId: null, requestType: null, campaignId: null });
  }

  /** Tells an athlete a payout reached them (notification and email 'Payout sent'), inside the transaction that records it sent. */
  async payoutSentIn(manager: EntityManager, payout: { athleteId: string; amountCents: number; payoutItemId: string }): Promise<void> {
    const draft = payoutSentNotification(payout.athleteId, payout.amountCents);
    await writeNotifications((sql, params) => manager.query(sql, params), [draft], { referenceId: payout.payoutItemId, requestId: null, requestType: null, campaignId: null });
    await this.emailIn(manager, await notificationPerson(manager, payout.athleteId), draft);
  }

  /**
   * Tells an athlete a deal must be reported to NIL Go by its date (issue 23: nil_disclosure_due),
   * in the transaction that records the disclosure; by email too, as the athlete's settings allow.
   */
  async nilDisclosureDueIn(manager: EntityManager, due: { athleteId: string; payorName: string; reportBy: string; requestId: string; requestType: string }): Promise<void> {
    const draft = nilDisclosureDueNotification(due);
    await writeNotifications((sql, params) => manager.query(sql, params), [draft], {
      referenceId: due.requestId,
      requestId: due.requestId,
      requestType: due.requestType,
      campaignId: null,
    });
    await this.emailIn(manager, await notificationPerson(manager, due.athleteId), draft);
  }

  /** Tells the business an athlete's share of its campaign was refunded, inside the refund's ledger transaction. */
  async campaignRefundIn(
    manager: EntityManager,
    refund: { businessId: string; campaignId: string; campaignName: string; athleteId: string; requestId: string; amountCents: number },
  ): Promise<void> {
    const athlete = await notificationPerson(manager, refund.athleteId);
    const draft = campaignRefundNotification({ ...refund, athleteName: athlete.name });
    await this.writeCampaignNotification(manager, draft, refund.campaignId, refund.requestId);
  }

  /** Tells the business its campaign is complete (every request finished or canceled), inside the last change's transaction. */
  async campaignCompletedIn(manager: EntityManager, campaign: { businessId: string; campaignId: string; campaignName: string }): Promise<void> {
    await this.writeCampaignNotification(manager, campaignCompletedNotification(campaign), campaign.campaignId, null);
  }

  private async writeCampaignNotification(manager: EntityManager, draft: NotificationDraft, campaignId: string, requestId: string | null): Promise<void> {
    await writeNotifications((sql, params) => manager.query(sql, params), [draft], {
      referenceId: campaignId,
      requestId,
      requestType: 'endorsement_campaign',
      campaignId,
    });
    if (draft.email) await this.emailIn(manager, await notificationPerson(manager, draft.userId), draft);
  }

  /**
   * Takes the notification counters of these users, in one order (sorted ids), at the start of a
   * transaction that will notify several of them one change at a time (a campaign's checkout or
   * cancel): two such transactions sharing users then queue instead of each holding a counter the
   * other waits for. One statement makes a missing counter (at 1: that number is skipped, which
   * a stream reads as nothing missed) and locks an existing one, row after row in that order.
   */
  async lockRecipientsIn(manager: EntityManager, userIds: readonly string[]): Promise<void> {
    const users = [...new Set(userIds)].sort();
    if (users.length === 0) return;
    await manager.query(
      `INSERT INTO notification_counters AS c (user_id, last_seq) SELECT u, 1 FROM unnest($1::uuid[]) AS u ORDER BY u
       ON CONFLICT (user_id) DO UPDATE SET last_seq = c.last_seq`,
      [users],
    );
  }

  /**
   * Hands a video chat's signalling message to the user's open streams (every API process), at
   * once and without a notification: it is kept only until it is delivered and swept after
   * minutes (sweepSignals).
   */
  async sendSignal(userId: string, signal: Omit<LiveSignal, 'id'>): Promise<void> {
    await this.transactions.run(async () => {
      const manager = this.transactions.manager;
      const [row]: Array<{ id: string }> = await manager.query(
        `INSERT INTO live_signals (user_id, request_id, sender, kind, data) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [userId, signal.request_id, signal.from, signal.kind, signal.data],
      );
      await this.bus.sendIn(manager, NOTIFICATIONS_CHANNEL, `s:${userId}:${row.id}`);
    });
  }

  /**
   * Ends the user's open streams in every API process once the caller's transaction commits (the
   * one that revoked their sessions: an administrator blocked or removed the account), each told
   * `session_ended` first, instead of at the next heartbeat. Streams whose session is still live
   * (none, after a revocation of all of them) stay open.
   */
  async endSessionsIn(manager: EntityManager, userId: string): Promise<void> {
    await this.bus.sendIn(manager, NOTIFICATIONS_CHANNEL, `e:${userId}`);
  }

  /** Signals by their ids, oldest first, with the user each is for. */
  async signalsByIds(ids: readonly number[]): Promise<Array<{ userId: string; signal: LiveSignal }>> {
    if (ids.length === 0) return [];
    const rows: Array<{ id: string; user_id: string; request_id: string; sender: string; kind: string; data: string }> = await this.dataSource.query(
      `SELECT id, user_id, request_id, sender, kind, data FROM live_signals WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [ids],
    );
    return rows.map((row) => ({ userId: row.user_id, signal: { id: Number(row.id), request_id: row.request_id, from: row.sender, kind: row.kind, data: row.data } }));
  }

  /** Signals are for the moment: those older than SIGNAL_TTL_SECONDS are deleted. */
  async sweepSignals(): Promise<number> {
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM live_signals WHERE created_at < now() - make_interval(secs => $1) RETURNING id`,
      [SIGNAL_TTL_SECONDS],
    );
    return rows.length;
  }

  /** The user's notifications, newest first, with how many are unread. */
  async list(userId: string, page: number, pageSize: number): Promise<NotificationPage> {
    const rows: Array<NotificationRow & { total: string; unread: string }> = await this.dataSource.query(
      `SELECT ${COLUMNS},
              count(*) OVER () AS total,
              (SELECT count(*) FROM notifications u WHERE u.user_id = $1 AND NOT u.is_read) AS unread
         FROM notifications WHERE user_id = $1 ORDER BY seq DESC LIMIT $2 OFFSET $3`,
      [userId, pageSize, (page - 1) * pageSize],
    );
    if (rows.length > 0) return { notifications: rows.map(toLiveNotification), unreadCount: Number(rows[0].unread), total: Number(rows[0].total) };
    // A page past the end still reports the counts.
    const [counts]: Array<{ total: string; unread: string }> = await this.dataSource.query(
      `SELECT count(*) AS total, count(*) FILTER (WHERE NOT is_read) AS unread FROM notifications WHERE user_id = $1`,
      [userId],
    );
    return { notifications: [], unreadCount: Number(counts.unread), total: Number(counts.total) };
  }

  /** Marks the user's own notifications among `ids` read; anyone else's ids change nothing. Answers the unread count. */
  async markRead(userId: string, ids: readonly string[]): Promise<number> {
    return this.changeOwn(userId, `UPDATE notifications SET is_read = true, updated_at = now() WHERE user_id = $1 AND id = ANY($2::uuid[]) AND NOT is_read`, [ids]);
  }

  /** Marks every one of the user's notifications read, those not loaded on the screen too. Answers the unread count (0). */
  async markAllRead(userId: string): Promise<number> {
    return this.changeOwn(userId, `UPDATE notifications SET is_read = true, updated_at = now() WHERE user_id = $1 AND NOT is_read`);
  }

  /** Deletes the user's own notifications among `ids`; anyone else's ids change nothing. Answers the unread count. */
  async remove(userId: string, ids: readonly string[]): Promise<number> {
    return this.changeOwn(userId, `DELETE FROM notifications WHERE user_id = $1 AND id = ANY($2::uuid[])`, [ids]);
  }

  async unreadCount(userId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [row]: Array<{ unread: string }> = await manager.query(`SELECT count(*) AS unread FROM notifications WHERE user_id = $1 AND NOT is_read`, [userId]);
    return Number(row.unread);
  }

  /** The user's notifications numbered above `afterSeq`, oldest first (what a reconnecting stream missed). */
  async since(userId: string, afterSeq: number, limit: number): Promise<NotificationRow[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`, [userId, afterSeq, limit]);
  }

  /** The number of the user's newest notification (0 with none). */
  async lastSeq(userId: string): Promise<number> {
    const rows: Array<{ last_seq: string }> = await this.dataSource.query(`SELECT last_seq FROM notification_counters WHERE user_id = $1`, [userId]);
    return Number(rows[0]?.last_seq ?? 0);
  }

  /** Notifications by their users and numbers, and the unread count of each of those users (one statement each). */
  async byNumbers(pairs: ReadonlyArray<{ userId: string; seq: number }>): Promise<NotificationRow[]> {
    if (pairs.length === 0) return [];
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM notifications WHERE (user_id, seq) IN (SELECT * FROM unnest($1::uuid[], $2::bigint[])) ORDER BY seq`,
      [pairs.map((pair) => pair.userId), pairs.map((pair) => pair.seq)],
    );
  }

  async unreadCounts(userIds: readonly string[]): Promise<Map<string, number>> {
    const rows: Array<{ user_id: string; unread: string }> = await this.dataSource.query(
      `SELECT u AS user_id, (SELECT count(*) FROM notifications n WHERE n.user_id = u AND NOT n.is_read) AS unread FROM unnest($1::uuid[]) AS u`,
      [userIds],
    );
    return new Map(rows.map((row) => [row.user_id, Number(row.unread)]));
  }

  private async emailIn(manager: EntityManager, person: NotificationPerson, draft: NotificationDraft): Promise<void> {
    if (!person.email || !person.emailNotifications) return;
    const link = draft.data.link ? `${this.config.PUBLIC_APP_URL.replace(/\/+$/, '')}${draft.data.link}` : this.config.PUBLIC_APP_URL;
    await this.mail.send(
      {
        to: person.email,
        subject: `Huddle: ${draft.data.title}`,
        text: `${draft.data.text}\n\nOpen it on Huddle: ${link}\n\nYou get these emails for the important steps of your requests; turn them off in Settings (Edit profile).\n`,
      },
      manager,
    );
  }

  /** A change to the user's own rows and its announcement (the unread count of every open tab), in one transaction. */
  /** Runs `sql` on the user's own notifications ($1 is the user, `params` the rest), tells their streams, and answers the unread count. */
  private async changeOwn(userId: string, sql: string, params: readonly unknown[] = []): Promise<number> {
    return this.transactions.run(async () => {
      const manager = this.transactions.manager;
      await manager.query(sql, [userId, ...params]);
      await this.bus.sendIn(manager, NOTIFICATIONS_CHANNEL, `u:${userId}`);
      return this.unreadCount(userId, manager);
    });
  }
}
