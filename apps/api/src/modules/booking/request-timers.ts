import { Injectable, Logger } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { ErrorCode, VIDEO_CHAT } from '@huddle/domain';
import type { RequestAction } from '@huddle/domain/request-actions';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/time/clock';
import { DomainError } from '../../common/errors/domain-error';
import { Transactions } from '../../database/transactions';
import { JobsService } from '../jobs/jobs.service';
import { PaymentsService } from '../payments/payments.service';
import { CampaignsService } from './campaigns.service';
import { RequestCoreService } from './request-core.service';
import { SYSTEM_ACTOR } from './request-party';

export const SWEEP_REQUEST_TIMERS = 'booking.sweep-request-timers';
const BATCH = 200;

/**
 * The request timers (issue 10): a paid request nobody accepted expires (its hold released), a
 * delivered video or a past event nobody approved is completed, a video call whose time ran out
 * is finished (issue 13), an unpaid draft is deleted. Fair timers (issue 21): a video chat its
 * athlete never started is canceled and refunded once its window is over (no_show), an accepted
 * video not delivered by its deadline is canceled and refunded (missed_delivery), and a flagged
 * shoutout is never completed (it waits for an administrator). The
 * deadlines are columns of the request (expiration_time, accepted_at, delivered_at, start_at, end_at, created_at), so a
 * timer cannot be lost: a schedule of the job queue sweeps what is due every minute, once across
 * processes, and each change goes through the request core (its own transaction, the row locked),
 * where a request that moved on meanwhile is simply no longer due.
 */
@Injectable()
export class RequestTimers implements OnModuleInit {
  private readonly logger = new Logger('Booking');

  constructor(
    private readonly jobs: JobsService,
    private readonly core: RequestCoreService,
    private readonly payments: PaymentsService,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly campaigns: CampaignsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(SWEEP_REQUEST_TIMERS, async () => {
      const done = await this.sweepDue();
      const total = done.expired + done.completed + done.deleted + done.noShows + done.undelivered;
      if (total > 0) {
        this.logger.log(
          `Timers: ${done.expired} expired, ${done.completed} completed, ${done.noShows} video chats not started and ${done.undelivered} videos not delivered canceled, ${done.deleted} unpaid drafts deleted`,
        );
      }
    });
    this.jobs.schedule(SWEEP_REQUEST_TIMERS, '* * * * *');
  }

  /** Applies every timer due by the clock's now; what another process got to first is skipped. */
  async sweepDue(): Promise<{ expired: number; completed: number; deleted: number; noShows: number; undelivered: number }> {
    const now = this.clock.now();
    const timers = this.core.timers;
    const manager = this.transactions.manager;
    const expiring: Array<{ id: string }> = await manager.query(
      `SELECT id FROM requests WHERE status = 1 AND paid AND expiration_time <= $1 ORDER BY expiration_time LIMIT ${BATCH}`,
      [now],
    );
    // A flagged video waits for an administrator; an accepted chat that never started is a no-show (below).
    const completing: Array<{ id: string }> = await manager.query(
      `SELECT id FROM requests
        WHERE (status = 4 AND flagged_at IS NULL AND delivered_at <= $1::timestamptz - make_interval(secs => $2))
           OR (status = 2 AND type <> 'video_chat' AND end_at <= $1::timestamptz - make_interval(secs => $3))
           OR (status = 6 AND end_at <= $1::timestamptz - make_interval(secs => $3))
        ORDER BY updated_at LIMIT ${BATCH}`,
      [now, timers.deliveredAutoCompleteSeconds, timers.eventAutoCompleteSeconds],
    );
    // A video chat its athlete never started, its window over (the domain's isVideoChatNoShow decides, under the lock).
    const noShowRows: Array<{ id: string }> = await manager.query(
      `SELECT id FROM requests WHERE status = 2 AND type = 'video_chat' AND chat_started_at IS NULL
          AND start_at < $1::timestamptz - make_interval(secs => $2)
        ORDER BY start_at LIMIT ${BATCH}`,
      [now, VIDEO_CHAT.closesAfterSeconds],
    );
    // An accepted shoutout or endorsement past its delivery deadline (the domain's deliveryDeadline decides, under the lock).
    const undeliveredRows: Array<{ id: string }> = await manager.query(
      `SELECT id FROM requests WHERE status = 2 AND type IN ('shoutout', 'endorsement')
          AND accepted_at <= $1::timestamptz - make_interval(secs => $2)
        ORDER BY accepted_at LIMIT ${BATCH}`,
      [now, timers.deliveryDeadlineSeconds],
    );
    // A call whose 5 minutes ran out and nobody finished (both closed their browsers): finished.
    // Its minutes count from its start, or from the booked time when it started early.
    const calls: Array<{ id: string }> = await manager.query(
      `SELECT id FROM requests WHERE status = 6 AND chat_started_at <= $1::timestamptz - make_interval(secs => $2)
          AND greatest(chat_started_at, start_at) <= $1::timestamptz - make_interval(secs => $2)
        ORDER BY chat_started_at LIMIT ${BATCH}`,
      [now, VIDEO_CHAT.sessionSeconds + VIDEO_CHAT.finishGraceSeconds],
    );
    const expired = await this.applyAll(expiring, 'expire');
    const noShows = await this.applyAll(noShowRows, 'no_show');
    const undelivered = await this.applyAll(undeliveredRows, 'missed_delivery');
    const finishedCalls = await this.applyAll(calls, 'complete_video_chat');
    const completed = (await this.applyAll(completing, 'auto_complete')) + finishedCalls;
    const deleted = await this.deleteStaleDrafts(now);
    return { expired, completed, deleted, noShows, undelivered };
  }

  private async applyAll(rows: Array<{ id: string }>, action: RequestAction): Promise<number> {
    let applied = 0;
    for (const { id } of rows) {
      try {
        await this.core.apply(id, action, SYSTEM_ACTOR);
        applied += 1;
      } catch (error) {
        // Accepted, canceled, delivered, started or approved meanwhile (or not started yet): no longer due.
        if (error instanceof DomainError && (error.code === ErrorCode.Conflict || error.code === ErrorCode.NotFound)) continue;
        throw error;
      }
    }
    return applied;
  }

  /**
   * Unpaid drafts older than UNPAID_DRAFT_TTL_HOURS: deleted, and any checkout they opened
   * canceled; a campaign's draft goes whole (its requests with it).
   */
  private async deleteStaleDrafts(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.UNPAID_DRAFT_TTL_HOURS * 3600 * 1000);
    const campaigns = await this.campaigns.deleteStaleDrafts(cutoff, BATCH);
    const stale: Array<{ id: string }> = await this.transactions.manager.query(
      `SELECT id FROM requests WHERE NOT paid AND endorsement_campaign_id IS NULL AND created_at <= $1 ORDER BY created_at LIMIT ${BATCH}`,
      [cutoff],
    );
    let deleted = 0;
    for (const { id } of stale) {
      const gone = await this.transactions.run(async () => {
        const manager = this.transactions.manager;
        const [rows]: [unknown[], number] = await manager.query(`DELETE FROM requests WHERE id = $1 AND NOT paid RETURNING id`, [id]);
        if (rows.length === 0) return false;
        await this.payments.voidIn(manager, { requestId: id });
        return true;
      });
      if (gone) deleted += 1;
    }
    return deleted + campaigns;
  }
}
