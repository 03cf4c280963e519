import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { formatCents, MONEY_INCIDENT_LABELS } from '@huddle/domain';
import type { MoneyIncidentKind } from '@huddle/domain';
import { NotificationsService } from '../notifications/notifications.service';

export type MoneyIncidentSubject = 'request' | 'campaign' | 'payout_item' | 'provider_object' | 'ledger';

export interface MoneyIncidentInput {
  kind: MoneyIncidentKind;
  subjectType: MoneyIncidentSubject;
  subjectId: string;
  /** What happened, for the administrator: the provider's or the job's last error, in words. */
  message: string;
  amountCents?: number | null;
  details?: Record<string, unknown>;
  /**
   * Recorded once per key: a job's id when a job gave up, `<kind>:<subject>` for a fact about an
   * object, the reconciliation's day and subject for a difference it found.
   */
  dedupKey: string;
  /**
   * Found again after an administrator resolved it (a reconciliation difference that came back):
   * opened again rather than kept quiet.
   */
  reopen?: boolean;
}

export interface MoneyIncident {
  id: string;
  kind: MoneyIncidentKind;
  subjectType: MoneyIncidentSubject;
  subjectId: string;
  amountCents: number | null;
  message: string;
  details: Record<string, unknown>;
  status: 'open' | 'resolved';
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  resolution: string | null;
}

interface IncidentRow {
  id: string;
  kind: MoneyIncidentKind;
  subject_type: MoneyIncidentSubject;
  subject_id: string;
  amount_cents: string | null;
  message: string;
  details: Record<string, unknown>;
  status: 'open' | 'resolved';
  created_at: Date;
  resolved_at: Date | null;
  resolved_by: string | null;
  resolution: string | null;
}

function toIncident(row: IncidentRow): MoneyIncident {
  return {
    id: row.id,
    kind: row.kind,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    message: row.message,
    details: row.details,
    status: row.status,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by,
    resolution: row.resolution,
  };
}

/**
 * Money that went wrong, recorded where an administrator sees it (DESIGN "Requests and money": a
 * money job that gives up becomes a money incident, never a silent success). Recording happens in
 * the caller's transaction, with the administrators' notification, so an incident exists exactly
 * when what caused it committed, and a repeat of the same cause (its dedup key) records nothing.
 */
@Injectable()
export class MoneyIncidents {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
  ) {}

  /** Records the incident once; true when it is new (and the administrators were told). */
  async recordIn(manager: EntityManager, input: MoneyIncidentInput): Promise<boolean> {
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO money_incidents (dedup_key, kind, subject_type, subject_id, amount_cents, message, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (dedup_key) DO UPDATE SET status = 'open', message = excluded.message, details = excluded.details, created_at = now(),
         resolved_at = NULL, resolved_by = NULL, resolution = NULL
         WHERE $8 AND money_incidents.status = 'resolved'
       RETURNING id`,
      [input.dedupKey, input.kind, input.subjectType, input.subjectId, input.amountCents ?? null, input.message.slice(0, 2000), JSON.stringify(input.details ?? {}), input.reopen === true],
    );
    if (rows.length === 0) return false;
    const amount = input.amountCents ? ` (${formatCents(input.amountCents)})` : '';
    await this.notifications.adminAlertIn(manager, {
      title: MONEY_INCIDENT_LABELS[input.kind],
      text: `${MONEY_INCIDENT_LABELS[input.kind]}${amount}: ${input.message}`.slice(0, 500),
      link: '/manage/money',
    });
    return true;
  }

  async list(status: 'open' | 'resolved' | 'all', limit = 100): Promise<MoneyIncident[]> {
    const rows: IncidentRow[] = await this.dataSource.query(
      `SELECT * FROM money_incidents WHERE ($1 = 'all' OR status = $1) ORDER BY created_at DESC, id LIMIT $2`,
      [status, limit],
    );
    return rows.map(toIncident);
  }

  /** `manager`: the caller's transaction, when it reads inside one. */
  async byIds(ids: readonly string[], manager: EntityManager = this.dataSource.manager): Promise<MoneyIncident[]> {
    const rows: IncidentRow[] = await manager.query(`SELECT * FROM money_incidents WHERE id = ANY($1::uuid[])`, [ids]);
    return rows.map(toIncident);
  }

  async ofSubject(subjectId: string): Promise<MoneyIncident[]> {
    const rows: IncidentRow[] = await this.dataSource.query(`SELECT * FROM money_incidents WHERE subject_id = $1 ORDER BY created_at, id`, [subjectId]);
    return rows.map(toIncident);
  }

  /**
   * Huddle itself closes the open incidents of these kinds about a subject (what went wrong was
   * put right by a later provider event), saying how; no administrator is named. `jobName` keeps
   * it to incidents that job's give-up opened, `requestId` to those about one request of the
   * subject (a payout item's). Answers how many it closed.
   */
  async resolveAutomaticallyIn(
    manager: EntityManager,
    input: { subjectId: string; kinds: readonly MoneyIncidentKind[]; jobName: string | null; resolution: string; requestId?: string },
  ): Promise<number> {
    const [rows]: [unknown[], number] = await manager.query(
      `UPDATE money_incidents SET status = 'resolved', resolved_at = now(), resolved_by = NULL, resolution = $3
        WHERE subject_id = $1 AND kind = ANY($2::text[]) AND status = 'open' AND ($4::text IS NULL OR details->>'job_name' = $4)
          AND ($5::text IS NULL OR details->>'request_id' = $5)
        RETURNING id`,
      [input.subjectId, input.kinds, input.resolution, input.jobName, input.requestId ?? null],
    );
    return rows.length;
  }

  /** An administrator closes an incident with what they did about it; a resolved one stays resolved. */
  async resolveIn(manager: EntityManager, id: string, adminId: string, resolution: string): Promise<MoneyIncident | null> {
    const [rows]: [IncidentRow[], number] = await manager.query(
      `UPDATE money_incidents SET status = 'resolved', resolved_at = now(), resolved_by = $2, resolution = $3 WHERE id = $1 AND status = 'open' RETURNING *`,
      [id, adminId, resolution],
    );
    return rows[0] ? toIncident(rows[0]) : null;
  }
}
