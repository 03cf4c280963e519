import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MONEY_INCIDENT_LABELS, MONEY_JOB_LABELS, MONEY_JOB_PREFIXES, requestPartyName, toDollars } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';
import { JobsService } from '../jobs/jobs.service';
import type { MoneyIncident } from '../payments/money-incidents.service';
import { PaymentsService } from '../payments/payments.service';
import { AdminAudit } from '../audit/admin-audit.service';
import { AdminErrors } from './admin.errors';
import type { MoneyDeskPayload, MoneyIncidentDto } from './dto/money-desk.dto';
import { flaggedRequests } from './flagged-requests.query';

function seconds(date: Date | null): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

/** Where the console shows an incident's subject. */
function linkOf(subjectType: string, subjectId: string): string | null {
  if (subjectType === 'request') return `/manage/request/${subjectId}`;
  if (subjectType === 'campaign') return `/manage/request/@${subjectId}`;
  if (subjectType === 'payout_item') return '/manage/sent-payouts';
  return null;
}

export function incidentDto(incident: MoneyIncident): MoneyIncidentDto {
  return {
    id: incident.id,
    kind: incident.kind,
    label: MONEY_INCIDENT_LABELS[incident.kind],
    subject_type: incident.subjectType,
    subject_id: incident.subjectId,
    amount: incident.amountCents === null ? null : toDollars(incident.amountCents),
    message: incident.message,
    created_at: seconds(incident.createdAt) ?? 0,
    status: incident.status,
    resolution: incident.resolution,
    link: linkOf(incident.subjectType, incident.subjectId),
  };
}

/**
 * The administrator's money desk (issue 21): what went wrong with money and what the ledger
 * holds. Admin owns none of it: incidents, disputes, balances and the reconciliation are read
 * through payments, dead jobs through the job queue, flagged deliveries through a read model; a
 * resolution or a retry changes things through their owners, audited in the same transaction.
 */
@Injectable()
export class MoneyDeskService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    private readonly jobs: JobsService,
    private readonly audit: AdminAudit,
  ) {}

  async desk(): Promise<MoneyDeskPayload> {
    const [balances, incidents, disputes, dead, flagged, reconciliation, transferReconciliation] = await Promise.all([
      this.payments.ledgerBalances(),
      this.payments.moneyIncidents.list('open'),
      this.payments.openDisputes(),
      this.jobs.listDead(200),
      flaggedRequests(this.dataSource.manager),
      this.payments.lastReconciliation('payments'),
      this.payments.lastReconciliation('transfers'),
    ]);
    const runView = (run: typeof reconciliation) => (run ? { ran_at: seconds(run.finishedAt) ?? 0, checked: run.checked, differences: run.differences, balanced: run.balanced } : null);
    const dollars = (account: string, sign = 1) => toDollars(sign * (balances[account] ?? 0));
    return {
      // Liabilities (what is owed) are negative in the ledger; the desk shows every balance as a sum of money.
      balances: {
        holds: dollars('holds'),
        cash: dollars('cash'),
        unallocated: dollars('unallocated', -1),
        platform_fees: dollars('platform_fees', -1),
        athlete_payable: dollars('athlete_payable', -1),
        paid_out: dollars('paid_out'),
        disputed_funds: dollars('disputed_funds'),
        dispute_losses: dollars('dispute_losses'),
      },
      incidents: incidents.map(incidentDto),
      disputes: disputes.map((dispute) => ({
        id: dispute.id,
        subject_id: dispute.subjectId,
        amount: toDollars(dispute.amountCents),
        reason: dispute.reason,
        status: dispute.status,
        evidence_due_by: seconds(dispute.evidenceDueBy),
        created_at: seconds(dispute.createdAt) ?? 0,
        link: `/manage/request/${dispute.subjectId}`,
      })),
      dead_jobs: dead
        .filter((job) => MONEY_JOB_PREFIXES.some((prefix) => job.name.startsWith(prefix)))
        .map((job) => {
          const data = (job.data ?? {}) as { requestId?: string; itemId?: string; campaignId?: string };
          return {
            id: job.id,
            name: job.name,
            label: MONEY_JOB_LABELS[job.name] ?? job.name,
            subject_id: data.requestId ?? data.itemId ?? data.campaignId ?? null,
            error: job.error,
            failed_at: seconds(job.failedAt),
            retry_count: job.retryCount,
          };
        }),
      flagged_requests: flagged.map((row) => ({
        id: row.id,
        name: row.name,
        type: row.type,
        athlete_name: requestPartyName({ first_name: row.athlete_first_name, last_name: row.athlete_last_name, username: row.athlete_username }),
        requester_name: requestPartyName({
          first_name: row.requester_first_name,
          last_name: row.requester_last_name,
          username: row.requester_username,
          business_name: row.requester_business_name,
        }),
        flagged_at: seconds(row.flagged_at) ?? 0,
      })),
      reconciliation: runView(reconciliation),
      transfer_reconciliation: runView(transferReconciliation),
    };
  }

  async resolve(adminId: string, id: string, resolution: string): Promise<MoneyIncidentDto> {
    return this.dataSource.transaction(async (manager) => {
      const resolved = await this.payments.moneyIncidents.resolveIn(manager, id, adminId, resolution.trim());
      if (!resolved) {
        const [existing] = await this.payments.moneyIncidents.byIds([id], manager);
        if (!existing) throw AdminErrors.incidentNotFound();
        throw AdminErrors.incidentResolved();
      }
      await this.audit.recordIn(manager, {
        adminId,
        action: 'money.incident.resolve',
        subjectType: 'money_incident',
        subjectId: id,
        before: { status: 'open' },
        after: { status: 'resolved', resolution: resolved.resolution },
      });
      return incidentDto(resolved);
    });
  }

  async retry(adminId: string, jobId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      let outcome: { retried: boolean; name: string | null };
      try {
        outcome = await this.jobs.retryDeadIn(manager, jobId, MONEY_JOB_PREFIXES);
      } catch (error) {
        throw new DomainError(AdminErrors.jobNotRetriable().code, (error as Error).message);
      }
      if (!outcome.retried) throw AdminErrors.jobNotDead();
      await this.audit.recordIn(manager, { adminId, action: 'money.job.retry', subjectType: 'job', subjectId: jobId, before: { state: 'failed' }, after: { state: 'retry', name: outcome.name } });
      return true;
    });
  }
}
