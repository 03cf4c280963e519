import { Injectable, Logger } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { viewerTimeZone } from '@huddle/domain/periods';
import { Clock } from '../../common/time/clock';
import { JobsService } from '../jobs/jobs.service';
import type { Job } from '../jobs/jobs.service';
import { MailService } from '../mail/mail.service';
import { businessReportCsv } from './business-export-csv';
import { businessReportPdf } from './business-export-pdf';
import type { BusinessReport } from './business-export-report';
import { localDayText, periodText } from './business-export-report';
import { exportOwnerOf } from './business-exports.query';
import { BusinessExportErrors } from './business-exports.errors';
import { businessRequestSpanOf, businessRequestsPageOf, businessStatsOf } from './business-stats.query';
import type { BusinessRequestLine } from './business-stats.query';
import { TIME_ZONE_MESSAGE } from './dto/business-export.dto';
import type { BusinessExportDto, BusinessExportPayload, BusinessExportQuery } from './dto/business-export.dto';
import { BusinessExportEntity } from './entities/business-export.entity';
import type { BusinessExportFormat } from './entities/business-export.entity';

export const BUSINESS_EXPORT_JOB = 'stats.business-export';
/** Exports one business may have queued or running at once. */
export const MAX_ACTIVE_EXPORTS = 3;
/** The request list is read in pages of this many rows, progress written after each. */
const REQUEST_PAGE = 500;
/** The largest file kept in its row (the table's CHECK says the same). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** A queued or running export older than this is a dead job's, and no longer holds one of the business's places. */
const ACTIVE_WINDOW = `interval '1 hour'`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CONTENT_TYPES: Record<BusinessExportFormat, string> = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' };

interface ExportJob {
  exportId: string;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** huddle-statistics-acme-co-2026-11-27.pdf: the business's name as ASCII words, the viewer's day. */
export function exportFilename(businessName: string, day: string, format: BusinessExportFormat): string {
  const slug = businessName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `huddle-statistics-${slug || 'business'}-${day}.${format}`;
}

/** What a failure says to the business: the adapter's own words, on one line and bounded. */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

/**
 * The business's statistics export (issue 23): asking makes a row and enqueues its job in one
 * transaction; the job reads the /stats numbers (businessStatsOf, the one read model) and the request
 * list in pages, writing its progress, keeps the file in the row and, when asked, emails it to the
 * account's own address. Sending is at most once: the row is claimed for the email before the mail
 * adapter is called, and a retry that finds the claim without `emailed_to` (a crash between the send
 * and its record) fails the export rather than risk a second copy.
 */
@Injectable()
export class BusinessExportsService implements OnModuleInit {
  private readonly logger = new Logger('BusinessExports');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.jobs.register<ExportJob>(BUSINESS_EXPORT_JOB, (job) => this.work(job), {
      onGiveUp: async (job, _error, manager) => {
        const { exportId } = job.data as ExportJob;
        await manager.query(
          `UPDATE business_exports SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status IN ('queued', 'running')`,
          [exportId, 'The export could not be made; please try again'],
        );
      },
    });
  }

  /** Starts an export: the row and its job in one transaction; the fourth one at once is refused. */
  async create(businessId: string, query: BusinessExportQuery): Promise<BusinessExportPayload> {
    const zone = viewerTimeZone(query.tz);
    if (zone === null) throw BusinessExportErrors.invalid({ tz: TIME_ZONE_MESSAGE });
    const created = await this.dataSource.transaction(async (manager) => {
      // One business's asks are counted one at a time, so two at once cannot both take the last place.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`business-export:${businessId}`]);
      const [{ active }]: Array<{ active: number }> = await manager.query(
        `SELECT count(*)::int AS active FROM business_exports
          WHERE business_id = $1 AND status IN ('queued', 'running') AND created_at > now() - ${ACTIVE_WINDOW}`,
        [businessId],
      );
      if (active >= MAX_ACTIVE_EXPORTS) throw BusinessExportErrors.tooMany(MAX_ACTIVE_EXPORTS);
      const owner = await exportOwnerOf(manager, businessId);
      if (!owner) throw BusinessExportErrors.notFound();
      const row = manager.create(BusinessExportEntity, {
        businessId,
        format: query.export,
        send: query.send === 'true',
        timeZone: zone,
        status: 'queued',
        progress: 0,
        filename: exportFilename(owner.name, localDayText(this.clock.now(), zone), query.export),
      });
      const saved = await manager.save(row);
      await this.jobs.enqueueIn(manager, BUSINESS_EXPORT_JOB, { exportId: saved.id } satisfies ExportJob);
      return saved;
    });
    return payloadOf(created);
  }

  async view(businessId: string, id: string): Promise<BusinessExportPayload> {
    return payloadOf(await this.own(businessId, id));
  }

  /** The finished file; 1404 for another business's export, and before it is done. */
  async file(businessId: string, id: string): Promise<ExportFile> {
    const row = await this.own(businessId, id);
    if (row.status !== 'done') throw BusinessExportErrors.notReady();
    const content = await this.storedFile(this.dataSource.manager, id);
    if (!content || !row.contentType) throw BusinessExportErrors.notReady();
    return { filename: row.filename, contentType: row.contentType, content };
  }

  private async own(businessId: string, id: string): Promise<BusinessExportEntity> {
    if (!UUID.test(id)) throw BusinessExportErrors.notFound();
    const row = await this.dataSource.manager.findOneBy(BusinessExportEntity, { id, businessId });
    if (!row) throw BusinessExportErrors.notFound();
    return row;
  }

  private async storedFile(manager: EntityManager, id: string): Promise<Buffer | null> {
    const [row]: Array<{ file: Buffer | null }> = await manager.query(`SELECT file FROM business_exports WHERE id = $1`, [id]);
    return row?.file ?? null;
  }

  /**
   * The job. Safe to run again (THE RULE FOR HANDLERS): a finished or failed export is left alone;
   * a kept file is not made again; the email goes out at most once (see the class).
   */
  private async work(job: Job<ExportJob>): Promise<void> {
    const row = await this.dataSource.manager.findOneBy(BusinessExportEntity, { id: job.data.exportId });
    if (!row || row.status === 'done' || row.status === 'failed') return;
    const owner = await exportOwnerOf(this.dataSource.manager, row.businessId);
    if (!owner) return this.fail(row.id, 'The account was closed');

    let content = row.contentType ? await this.storedFile(this.dataSource.manager, row.id) : null;
    let report: BusinessReport | null = null;
    if (!content) {
      await this.dataSource.query(`UPDATE business_exports SET status = 'running', progress = 1 WHERE id = $1 AND status IN ('queued', 'running')`, [row.id]);
      report = await this.report(row, owner.name);
      content = row.format === 'csv' ? businessReportCsv(report) : await businessReportPdf(report);
      if (content.length > MAX_FILE_BYTES) return this.fail(row.id, 'The export is larger than 20 MB; please contact support');
      await this.dataSource.query(
        `UPDATE business_exports SET file = $2, content_type = $3, progress = $4,
                status = CASE WHEN send THEN status ELSE 'done' END, finished_at = CASE WHEN send THEN NULL ELSE now() END
          WHERE id = $1 AND status = 'running'`,
        [row.id, content, CONTENT_TYPES[row.format], row.send ? 95 : 100],
      );
      if (!row.send) return;
    }
    await this.email(row, owner, content, report);
  }

  private async email(row: BusinessExportEntity, owner: { name: string; email: string }, content: Buffer, report: BusinessReport | null): Promise<void> {
    // An UPDATE answers [rows, count] through TypeORM's driver.
    const [claimed]: [unknown[], number] = await this.dataSource.query(
      `UPDATE business_exports SET mail_claimed_at = now() WHERE id = $1 AND status = 'running' AND mail_claimed_at IS NULL RETURNING id`,
      [row.id],
    );
    if (claimed.length === 0) {
      // An earlier try handed the email over and stopped before writing down the answer: it may
      // have gone out. A second copy would be worse than asking the business to export again.
      return this.fail(row.id, 'We could not confirm that the email was sent; please check your inbox or export again');
    }
    const period = report ? periodText(report) : null;
    try {
      await this.mail.deliver(
        {
          to: owner.email,
          subject: `Your Huddle statistics (${row.format.toUpperCase()})`,
          text: [
            'Hello,',
            '',
            `Attached is the statistics export of ${owner.name}${period ? ` (${period})` : ''}, as you asked on Huddle: ${row.filename}.`,
            '',
            'The Huddle team',
          ].join('\n'),
          attachments: [{ filename: row.filename, contentType: CONTENT_TYPES[row.format], content }],
        },
        `<business-export-${row.id}@huddle.exports>`,
      );
    } catch (error) {
      this.logger.warn(`Export ${row.id}: the email was not sent: ${reasonOf(error)}`);
      return this.fail(row.id, `The email could not be sent (${reasonOf(error)}); please export again and download it`);
    }
    await this.dataSource.query(
      `UPDATE business_exports SET status = 'done', progress = 100, emailed_to = $2, finished_at = now() WHERE id = $1 AND status = 'running'`,
      [row.id, owner.email],
    );
  }

  private async fail(id: string, message: string): Promise<void> {
    await this.dataSource.query(`UPDATE business_exports SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status IN ('queued', 'running')`, [
      id,
      message,
    ]);
  }

  /** The /stats numbers and the request list, writing progress as the pages come (5 to 90). */
  private async report(row: BusinessExportEntity, businessName: string): Promise<BusinessReport> {
    const manager = this.dataSource.manager;
    const now = this.clock.now();
    const stats = await businessStatsOf(manager, row.businessId, now, row.timeZone, { athletes: null });
    const span = await businessRequestSpanOf(manager, row.businessId);
    await this.progress(row.id, 5);
    const requests: BusinessRequestLine[] = [];
    for (;;) {
      const last = requests.at(-1);
      const page = await businessRequestsPageOf(manager, row.businessId, last ? { createdAt: last.createdAt, id: last.id } : null, REQUEST_PAGE);
      requests.push(...page);
      await this.progress(row.id, 5 + Math.floor((85 * Math.min(requests.length, span.count)) / Math.max(span.count, 1)));
      if (page.length < REQUEST_PAGE) break;
    }
    return {
      businessName,
      zone: row.timeZone,
      periodFrom: span.firstAt ? localDayText(span.firstAt, row.timeZone) : null,
      periodTo: localDayText(now, row.timeZone),
      generatedAt: now,
      stats,
      requests,
    };
  }

  private async progress(id: string, progress: number): Promise<void> {
    await this.dataSource.query(`UPDATE business_exports SET progress = GREATEST(progress, $2) WHERE id = $1 AND status = 'running'`, [id, progress]);
  }
}

function payloadOf(row: BusinessExportEntity): BusinessExportPayload {
  const dto: BusinessExportDto = {
    id: row.id,
    format: row.format,
    send: row.send,
    status: row.status,
    progress: row.progress,
    filename: row.filename,
    emailed_to: row.emailedTo,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    download_path: row.status === 'done' ? `/booking/request/counters-business-export/${row.id}/file` : null,
  };
  return { filename: row.filename, export: dto };
}
