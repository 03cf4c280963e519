import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { CUSTOM_PUSH_BATCH, parseCustomPush } from '@huddle/domain/admin';
import { AppConfig } from '../../config/app-config';
import type { CustomPushForm, CustomPushStatus } from '@huddle/domain/admin';
import { AdminAudit } from '../audit/admin-audit.service';
import { JobsService } from '../jobs/jobs.service';
import { BroadcastNotifications } from '../notifications/broadcast-notifications.service';
import type { CustomPushDto } from './dto/custom-push.dto';
import { nameableUsers, nextRecipients, pushUsers, recipientCount } from './push-recipients.query';
import type { PushUserRow } from './push-recipients.query';
import { PushesErrors } from './pushes.errors';

/** The job that writes a sent push's notifications. */
export const DELIVER_CUSTOM_PUSH = 'pushes.deliver';

/**
 * Batches one run of the job writes before it hands the rest to a fresh job: a push to 100,000
 * holds neither one transaction (a batch is one) nor one job for long (JOBS_EXPIRE_SECONDS).
 */
export const BATCHES_PER_JOB = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface PushRow {
  id: string;
  name: string;
  subject: string;
  message: string;
  roles: number[];
  user_ids: string[];
  status: CustomPushStatus;
  recipients_total: number;
  recipients_done: number;
  last_recipient_id: string | null;
  sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The row an UPDATE ... RETURNING changed (TypeORM answers an UPDATE as [rows, count]). */
async function updated(manager: EntityManager, sql: string, params: unknown[]): Promise<PushRow> {
  const [rows]: [PushRow[], number] = await manager.query(sql, params);
  return rows[0];
}

function seconds(date: Date | null): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

/** What an auditor reads of a push (its text and destination), before and after a change. */
function audited(push: Pick<PushRow, 'name' | 'subject' | 'message' | 'roles' | 'user_ids' | 'status'>): Record<string, unknown> {
  return { name: push.name, subject: push.subject, message: push.message, roles: push.roles, user_ids: push.user_ids, status: push.status };
}

/**
 * Custom pushes (issue 22, spec §2 and §5): an administrator's message to roles or chosen users,
 * kept as a draft until it is sent. Sending flips the push to `sending` under its row's lock and
 * enqueues one job in that transaction, so pressing Send twice (or twenty times at once) sends it
 * once. The job notifies the recipients in id order, CUSTOM_PUSH_BATCH a transaction, through the
 * notifications module's writer (numbered, announced live), recording in the same transaction how
 * far it got: a retried or crashed job goes on from there and notifies nobody twice. Every change
 * is audited in its own transaction.
 */
@Injectable()
export class CustomPushesService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly audit: AdminAudit,
    private readonly notifications: BroadcastNotifications,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ pushId: string }>(DELIVER_CUSTOM_PUSH, async (job) => {
      await this.deliver(job.data.pushId);
    });
  }

  /** Pushes whose name or subject holds `text` (any case), newest first. */
  async search(text: string | undefined, page: number, pageSize: number): Promise<{ pushes: CustomPushDto[]; total: number }> {
    const pattern = text ? `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%` : null;
    const rows: Array<PushRow & { total: number }> = await this.dataSource.query(
      `SELECT *, count(*) OVER ()::int AS total FROM custom_pushes
        WHERE $1::text IS NULL OR name ILIKE $1 OR subject ILIKE $1
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [pattern, pageSize, (page - 1) * pageSize],
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page > 1) {
      const [row]: Array<{ total: number }> = await this.dataSource.query(`SELECT count(*)::int AS total FROM custom_pushes WHERE $1::text IS NULL OR name ILIKE $1 OR subject ILIKE $1`, [pattern]);
      total = row.total;
    }
    return { pushes: await this.dtos(this.dataSource.manager, rows), total };
  }

  async get(id: string): Promise<CustomPushDto> {
    const push = await this.row(this.dataSource.manager, id);
    if (!push) throw PushesErrors.notFound();
    return (await this.dtos(this.dataSource.manager, [push]))[0];
  }

  async create(adminId: string, body: unknown): Promise<CustomPushDto> {
    const form = await this.checked(body);
    return this.dataSource.transaction(async (manager) => {
      const [push]: PushRow[] = await manager.query(
        `INSERT INTO custom_pushes (name, subject, message, roles, user_ids, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [form.name, form.subject, form.message, form.destination.roles ?? [], form.destination.user_ids ?? [], adminId],
      );
      await this.audit.recordIn(manager, { adminId, action: 'push.create', subjectType: 'push', subjectId: push.id, before: null, after: audited(push) });
      return (await this.dtos(manager, [push]))[0];
    });
  }

  /** A draft's new text or destination; a push that was sent (or is being sent) is not rewritten (1409). */
  async update(adminId: string, id: string, body: unknown): Promise<CustomPushDto> {
    if (!UUID.test(id)) throw PushesErrors.notFound();
    const form = await this.checked(body);
    return this.dataSource.transaction(async (manager) => {
      const before = await this.row(manager, id, true);
      if (!before) throw PushesErrors.notFound();
      if (before.status !== 'draft') throw PushesErrors.notEditable();
      const push = await updated(
        manager,
        `UPDATE custom_pushes SET name = $2, subject = $3, message = $4, roles = $5, user_ids = $6, updated_at = now() WHERE id = $1 RETURNING *`,
        [id, form.name, form.subject, form.message, form.destination.roles ?? [], form.destination.user_ids ?? []],
      );
      await this.audit.recordIn(manager, { adminId, action: 'push.update', subjectType: 'push', subjectId: id, before: audited(before), after: audited(push) });
      return (await this.dtos(manager, [push]))[0];
    });
  }

  /** Deletes a draft or a sent push (its notifications stay with their recipients); not one being sent (1409). */
  async remove(adminId: string, id: string): Promise<void> {
    if (!UUID.test(id)) throw PushesErrors.notFound();
    await this.dataSource.transaction(async (manager) => {
      const before = await this.row(manager, id, true);
      if (!before) throw PushesErrors.notFound();
      if (before.status === 'sending') throw PushesErrors.beingSent();
      await manager.query(`DELETE FROM custom_pushes WHERE id = $1`, [id]);
      await this.audit.recordIn(manager, { adminId, action: 'push.delete', subjectType: 'push', subjectId: id, before: audited(before), after: null });
    });
  }

  /**
   * Sends a draft: under its row's lock it becomes `sending` with its recipient count, and the
   * delivering job is enqueued in the same transaction. A push already sending or sent is answered
   * as it is: a second Send never sends again (one whose job gave up is resumed: see `stalled`).
   */
  async send(adminId: string, id: string): Promise<CustomPushDto> {
    if (!UUID.test(id)) throw PushesErrors.notFound();
    return this.dataSource.transaction(async (manager) => {
      const push = await this.row(manager, id, true);
      if (!push) throw PushesErrors.notFound();
      if (push.status === 'sending' && (await this.stalled(manager, id))) return this.resume(manager, adminId, push);
      if (push.status !== 'draft') return (await this.dtos(manager, [push]))[0];
      await manager.query(`UPDATE custom_pushes SET status = 'sending', sent_at = now(), sent_by = $2, updated_at = now() WHERE id = $1`, [id, adminId]);
      const total = await recipientCount(manager, id, push);
      const sending = await updated(manager, `UPDATE custom_pushes SET recipients_total = $2 WHERE id = $1 RETURNING *`, [id, total]);
      await this.audit.recordIn(manager, {
        adminId,
        action: 'push.send',
        subjectType: 'push',
        subjectId: id,
        before: { status: push.status },
        after: { status: sending.status, recipients_total: total },
      });
      await this.jobs.enqueueIn(manager, DELIVER_CUSTOM_PUSH, { pushId: id });
      return (await this.dtos(manager, [sending]))[0];
    });
  }

  /**
   * A push whose job gave up (its retries spent while the database was away, say) would stay
   * `sending` for good: its progress has not moved for twice the time a job may run
   * (JOBS_EXPIRE_SECONDS), so no run of it is alive or waiting for long. Send then enqueues its job
   * again, which goes on after the last recipient done (nobody twice), and touches the push, so a
   * second Send meanwhile finds it moving and enqueues nothing.
   */
  private async stalled(manager: EntityManager, id: string): Promise<boolean> {
    const [row]: Array<{ stalled: boolean }> = await manager.query(`SELECT updated_at < now() - make_interval(secs => $2) AS stalled FROM custom_pushes WHERE id = $1`, [
      id,
      2 * this.config.JOBS_EXPIRE_SECONDS,
    ]);
    return row?.stalled === true;
  }

  private async resume(manager: EntityManager, adminId: string, push: PushRow): Promise<CustomPushDto> {
    const resumed = await updated(manager, `UPDATE custom_pushes SET updated_at = now() WHERE id = $1 RETURNING *`, [push.id]);
    await this.audit.recordIn(manager, {
      adminId,
      action: 'push.resume',
      subjectType: 'push',
      subjectId: push.id,
      before: { status: push.status, recipients_done: push.recipients_done },
      after: { status: resumed.status, recipients_done: resumed.recipients_done },
    });
    await this.jobs.enqueueIn(manager, DELIVER_CUSTOM_PUSH, { pushId: push.id });
    return (await this.dtos(manager, [resumed]))[0];
  }

  /**
   * The job: up to BATCHES_PER_JOB batches, each its own transaction that locks the push, notifies
   * the next recipients after the last one done and records the new last one. A run that finds the
   * push sent (or gone) does nothing; two runs at once take turns on the lock and never notify
   * anyone twice. With more left after its batches, the last batch's transaction enqueues the next run.
   */
  async deliver(pushId: string): Promise<void> {
    for (let batch = 1; batch <= BATCHES_PER_JOB; batch += 1) {
      const more = await this.dataSource.transaction(async (manager) => {
        const push = await this.row(manager, pushId, true);
        if (!push || push.status !== 'sending') return false;
        const recipients = await nextRecipients(manager, pushId, push, push.last_recipient_id, CUSTOM_PUSH_BATCH);
        if (recipients.length > 0) {
          await this.notifications.writeIn(manager, recipients, { title: push.subject, text: push.message, link: null }, null);
        }
        const finished = recipients.length < CUSTOM_PUSH_BATCH;
        await manager.query(
          `UPDATE custom_pushes SET recipients_done = recipients_done + $2, last_recipient_id = coalesce($3::uuid, last_recipient_id),
                  recipients_total = CASE WHEN $4 THEN recipients_done + $2 ELSE greatest(recipients_total, recipients_done + $2) END,
                  status = CASE WHEN $4 THEN 'sent' ELSE status END, finished_at = CASE WHEN $4 THEN now() ELSE finished_at END, updated_at = now()
            WHERE id = $1`,
          [pushId, recipients.length, recipients.at(-1) ?? null, finished],
        );
        if (!finished && batch === BATCHES_PER_JOB) await this.jobs.enqueueIn(manager, DELIVER_CUSTOM_PUSH, { pushId });
        return !finished;
      });
      if (!more) return;
    }
  }

  /** The body checked by libs/domain's rule, and chosen users that are live accounts (not administrators). */
  private async checked(body: unknown): Promise<CustomPushForm> {
    const parsed = parseCustomPush(body);
    if ('errors' in parsed) throw PushesErrors.invalid(parsed.errors);
    const userIds = parsed.push.destination.user_ids;
    if (userIds) {
      const nameable = await nameableUsers(this.dataSource.manager, userIds);
      if (userIds.some((id) => !nameable.has(id))) throw PushesErrors.usersUnavailable();
    }
    return parsed.push;
  }

  private async row(manager: EntityManager, id: string, lock = false): Promise<PushRow | null> {
    if (!UUID.test(id)) return null;
    const rows: PushRow[] = await manager.query(`SELECT * FROM custom_pushes WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] ?? null;
  }

  private async dtos(manager: EntityManager, rows: readonly PushRow[]): Promise<CustomPushDto[]> {
    const users = await pushUsers(manager, rows.flatMap((row) => row.user_ids));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      subject: row.subject,
      message: row.message,
      destination: {
        roles: row.roles.map(Number),
        user_ids: row.user_ids,
        users: row.user_ids.map((id): PushUserRow => users.get(id) ?? { id, name: '', email: '' }),
      },
      status: row.status,
      recipients_total: row.recipients_total,
      recipients_done: row.recipients_done,
      sent_at: seconds(row.sent_at),
      created_at: seconds(row.created_at) ?? 0,
      updated_at: seconds(row.updated_at) ?? 0,
    }));
  }
}
