import { Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import { safeCsvCell } from '@huddle/domain/admin';
import { NIL_GO_STATUS_LABELS, nilBusinessDaysLeft, nilDay, nilServiceLabel } from '@huddle/domain/nil';
import { Transactions } from '../../database/transactions';
import { AdminAudit } from '../audit/admin-audit.service';
import { nilAthletesOf } from './nil-deals.query';
import { NilDisclosuresService } from './nil-disclosures.service';

export const NIL_FLAGGED_CSV_HEADER = [
  'Athlete',
  'Athlete email',
  'Payor',
  'Payor type',
  'Service',
  'Amount (USD)',
  'Platform fee (USD)',
  'Agreed (New York)',
  'Report by',
  'Reported on',
  'NIL Go status',
  'Overdue',
  'Void',
] as const;

function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * The administrator's CSV of every flagged deal (csv-stringify, each cell through safeCsvCell so
 * a name starting with = cannot run as a formula). Overdue: not reported and past its report-by
 * date on New York's clock. The export is an administrator's action, so it is audited in the same
 * transaction that reads the rows.
 */
@Injectable()
export class NilExports {
  constructor(
    private readonly transactions: Transactions,
    private readonly disclosures: NilDisclosuresService,
    private readonly audit: AdminAudit,
  ) {}

  async flaggedCsv(adminId: string, now: Date): Promise<{ csv: string; filename: string }> {
    return this.transactions.run(async () => {
      const manager = this.transactions.manager;
      const rows = await this.disclosures.flagged(manager);
      const athletes = await nilAthletesOf(manager, [...new Set(rows.map((row) => row.athlete_id))]);
      const lines = rows.map((row) => {
        const athlete = athletes.get(row.athlete_id);
        const overdue = !row.void && !row.reported_on && row.report_by !== null && nilBusinessDaysLeft(row.report_by, now) < 0;
        return [
          athlete?.name ?? '',
          athlete?.email ?? '',
          row.payor_name,
          row.payor_kind,
          nilServiceLabel(row.request_type),
          dollars(row.amount_cents),
          dollars(row.fee_cents),
          nilDay(new Date(row.agreed_at)),
          row.report_by ?? '',
          row.reported_on ?? '',
          row.nil_go_status ? NIL_GO_STATUS_LABELS[row.nil_go_status] : '',
          overdue ? 'yes' : 'no',
          row.void ? 'yes' : 'no',
        ].map(safeCsvCell);
      });
      const today = nilDay(now);
      const filename = `huddle-nil-flagged-${today}.csv`;
      await this.audit.recordIn(manager, { adminId, action: 'nil.flagged_export', subjectType: 'nil_disclosures', subjectId: 'flagged', after: { rows: rows.length, filename } });
      return { csv: stringify([[...NIL_FLAGGED_CSV_HEADER], ...lines]), filename };
    });
  }
}
