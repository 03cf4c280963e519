import PDFDocument from 'pdfkit';
import { serviceTypeLabel } from '@huddle/domain';
import type { BusinessReport } from './business-export-report';
import { dollarsText, generatedText, localDayText, periodText, requestCount, statusLabel, statusRows } from './business-export-report';

/**
 * The business's statistics as a PDF a finance team would file (pdfkit, drawn as vectors, no
 * browser): on every page a header with Huddle, the business and the period, and a footer with the
 * generation time and 'Page N of M'; totals first, then the by-status, by-type and by-athlete tables
 * with their charts, spending by month, and the request list. Long tables go on over pages with
 * their header repeated.
 */

type PDFDoc = InstanceType<typeof PDFDocument>;

const PAGE = { width: 612, height: 792 };
const LEFT = 50;
const RIGHT = PAGE.width - 50;
const WIDTH = RIGHT - LEFT;
const TOP = 104;
const BOTTOM = PAGE.height - 64;
const ROW = 17;

const INK = '#1b2430';
const MUTED = '#5b6675';
const RULE = '#d5dbe3';
const STRIPE = '#f3f5f8';
const HEAD = '#e4e9f0';
const BRAND = '#1d4ed8';
const BAR = '#3b82f6';
const BAR_ALT = '#0f766e';

/** The standard PDF fonts speak WinAnsi: anything else would print as noise, so it is shown as '?'. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2026\u20AC]/g, '?');
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

class ReportWriter {
  y = TOP;

  constructor(
    private readonly doc: PDFDoc,
    private readonly report: BusinessReport,
  ) {}

  /** Text cut to `width` with an ellipsis, in the current font. */
  fit(text: string, width: number): string {
    const clean = printable(text);
    if (this.doc.widthOfString(clean) <= width) return clean;
    let cut = clean;
    while (cut.length > 0 && this.doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = TOP;
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number): void {
    if (this.y + height > BOTTOM) this.newPage();
  }

  heading(title: string, note?: string): void {
    this.ensure(26 + ROW * 4);
    this.doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(title, LEFT, this.y, { lineBreak: false });
    if (note) this.doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(note, LEFT, this.y + 3, { width: WIDTH, align: 'right', lineBreak: false });
    this.y += 18;
    this.doc.moveTo(LEFT, this.y).lineTo(RIGHT, this.y).lineWidth(0.75).strokeColor(RULE).stroke();
    this.y += 8;
  }

  /** A table at x; rows that do not fit go on to the next page under the header drawn again. */
  table(x: number, columns: Column[], rows: string[][], options: { total?: string[]; caption?: string; size?: number; empty?: string } = {}): void {
    const width = columns.reduce((sum, column) => sum + column.width, 0);
    const size = options.size ?? 8.5;
    const header = (): void => {
      this.doc.rect(x, this.y, width, ROW).fill(HEAD);
      this.doc.font('Helvetica-Bold').fontSize(size).fillColor(INK);
      this.cells(x, columns, columns.map((column) => column.title));
      this.y += ROW;
    };
    this.ensure(ROW * 2);
    header();
    if (rows.length === 0 && options.empty) {
      this.doc.font('Helvetica-Oblique').fontSize(size).fillColor(MUTED).text(options.empty, x + 5, this.y + 5, { width: width - 10, lineBreak: false });
      this.y += ROW;
    }
    rows.forEach((row, index) => {
      if (this.y + ROW > BOTTOM) {
        this.newPage();
        if (options.caption) {
          this.doc.font('Helvetica-Oblique').fontSize(8.5).fillColor(MUTED).text(`${options.caption} (continued)`, x, this.y, { lineBreak: false });
          this.y += 14;
        }
        header();
      }
      if (index % 2 === 1) this.doc.rect(x, this.y, width, ROW).fill(STRIPE);
      this.doc.font('Helvetica').fontSize(size).fillColor(INK);
      this.cells(x, columns, row);
      this.y += ROW;
    });
    if (options.total) {
      this.ensure(ROW);
      this.doc.moveTo(x, this.y).lineTo(x + width, this.y).lineWidth(0.75).strokeColor(INK).stroke();
      this.doc.font('Helvetica-Bold').fontSize(size).fillColor(INK);
      this.cells(x, columns, options.total);
      this.y += ROW;
    }
    this.doc.moveTo(x, this.y).lineTo(x + width, this.y).lineWidth(0.5).strokeColor(RULE).stroke();
  }

  private cells(x: number, columns: Column[], values: string[]): void {
    let left = x;
    columns.forEach((column, index) => {
      const inner = column.width - 10;
      const text = this.fit(values[index] ?? '', inner);
      this.doc.text(text, left + 5, this.y + 5, { width: inner, align: column.align ?? 'left', lineBreak: false });
      left += column.width;
    });
  }

  /** Horizontal bars, one per item, scaled to the largest; the value printed at the bar's end. */
  barsAcross(x: number, width: number, title: string, items: Array<{ label: string; value: number; text: string }>, color: string, valueWidth = 62): void {
    const labelWidth = 112;
    const barArea = width - labelWidth - valueWidth;
    const max = Math.max(...items.map((item) => item.value), 0);
    const height = 16 + items.length * 16;
    this.ensure(height);
    this.doc.font('Helvetica-Bold').fontSize(8.5).fillColor(MUTED).text(title, x, this.y, { lineBreak: false });
    let y = this.y + 16;
    for (const item of items) {
      this.doc.font('Helvetica').fontSize(8).fillColor(INK).text(this.fit(item.label, labelWidth - 6), x, y + 2, { width: labelWidth - 6, lineBreak: false });
      const length = max > 0 ? (barArea * item.value) / max : 0;
      this.doc.rect(x + labelWidth, y, barArea, 11).fill(STRIPE);
      if (length > 0) this.doc.rect(x + labelWidth, y, Math.max(length, 1.5), 11).fill(color);
      this.doc.font('Helvetica').fontSize(8).fillColor(INK).text(item.text, x + labelWidth + barArea + 4, y + 2, { width: valueWidth - 4, align: 'right', lineBreak: false });
      y += 16;
    }
    this.y = y;
  }

  /** Vertical bars over time, with a dollar scale of round steps. */
  barsOverTime(title: string, buckets: Array<{ label: string; cents: number }>): void {
    const height = 150;
    const axisWidth = 58;
    this.ensure(height + 50);
    this.doc.font('Helvetica-Bold').fontSize(8.5).fillColor(MUTED).text(title, LEFT, this.y, { lineBreak: false });
    const top = this.y + 18;
    const bottom = top + height;
    const max = Math.max(...buckets.map((bucket) => bucket.cents), 0);
    const step = niceStep(max / 4);
    const ceiling = step * 4;
    for (let index = 0; index <= 4; index += 1) {
      const y = bottom - (height * index) / 4;
      this.doc.moveTo(LEFT + axisWidth, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(index === 0 ? INK : RULE).stroke();
      this.doc.font('Helvetica').fontSize(7.5).fillColor(MUTED).text(dollarsText(step * index), LEFT, y - 4, { width: axisWidth - 6, align: 'right', lineBreak: false });
    }
    const slot = (WIDTH - axisWidth) / Math.max(buckets.length, 1);
    buckets.forEach((bucket, index) => {
      const x = LEFT + axisWidth + slot * index;
      const barHeight = ceiling > 0 ? (height * bucket.cents) / ceiling : 0;
      if (barHeight > 0) this.doc.rect(x + slot * 0.18, bottom - barHeight, slot * 0.64, Math.max(barHeight, 1)).fill(BAR);
      this.doc.font('Helvetica').fontSize(7).fillColor(MUTED).text(this.fit(bucket.label, slot - 2), x, bottom + 5, { width: slot, align: 'center', lineBreak: false });
    });
    this.y = bottom + 24;
  }

  totals(): void {
    const { stats } = this.report;
    const cards = [
      { label: 'TOTAL SPENT', value: dollarsText(stats.totals.spentCents) },
      { label: 'ACCEPTED TOTAL', value: dollarsText(stats.totals.acceptedCents) },
      { label: 'REJECTED TOTAL', value: dollarsText(stats.totals.rejectedCents) },
      { label: 'REQUESTS', value: requestCount(stats).toLocaleString('en-US') },
    ];
    const gap = 10;
    const width = (WIDTH - gap * (cards.length - 1)) / cards.length;
    cards.forEach((card, index) => {
      const x = LEFT + index * (width + gap);
      this.doc.roundedRect(x, this.y, width, 54, 4).lineWidth(0.75).fillAndStroke(STRIPE, RULE);
      this.doc.font('Helvetica-Bold').fontSize(7.5).fillColor(MUTED).text(card.label, x + 10, this.y + 10, { lineBreak: false });
      this.doc.font('Helvetica-Bold').fontSize(15).fillColor(INK).text(this.fit(card.value, width - 20), x + 10, this.y + 26, { lineBreak: false });
    });
    this.y += 54 + 22;
  }

  /** The header and footer of every page, once the page count is known. */
  frame(page: number, pages: number): void {
    const doc = this.doc;
    doc.font('Helvetica-Bold').fontSize(17).fillColor(BRAND).text('Huddle', LEFT, 38, { lineBreak: false });
    doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text('Statistics report', LEFT, 60, { lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(this.fit(this.report.businessName, 320), LEFT + 120, 40, { width: WIDTH - 120, align: 'right', lineBreak: false });
    doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(`Period: ${periodText(this.report)}`, LEFT + 120, 58, { width: WIDTH - 120, align: 'right', lineBreak: false });
    doc.moveTo(LEFT, 78).lineTo(RIGHT, 78).lineWidth(1).strokeColor(INK).stroke();
    const footer = PAGE.height - 44;
    doc.moveTo(LEFT, footer - 8).lineTo(RIGHT, footer - 8).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.font('Helvetica').fontSize(7.5).fillColor(MUTED).text(`Generated ${generatedText(this.report)} · amounts in US dollars`, LEFT, footer, { lineBreak: false });
    doc.font('Helvetica').fontSize(7.5).fillColor(INK).text(`Page ${page} of ${pages}`, LEFT, footer, { width: WIDTH, align: 'right', lineBreak: false });
  }
}

/** A round step (1, 2 or 5 times a power of ten) of at least `cents`, for a chart's scale. */
function niceStep(cents: number): number {
  if (cents <= 0) return 100;
  const power = 10 ** Math.floor(Math.log10(cents));
  const scaled = cents / power;
  const factor = scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10;
  return Math.max(factor * power, 100);
}

export async function businessReportPdf(report: BusinessReport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 0,
    bufferPages: true,
    info: { Title: `Huddle statistics: ${printable(report.businessName)}`, Author: 'Huddle', Subject: `Statistics report, ${periodText(report)}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const writer = new ReportWriter(doc, report);
  const { stats } = report;

  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text('Statistics report', LEFT, writer.y, { lineBreak: false });
  writer.y += 26;
  doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(`${printable(report.businessName)} · ${periodText(report)} · time zone ${report.zone}`, LEFT, writer.y, { width: WIDTH, lineBreak: false });
  writer.y += 24;
  writer.totals();

  writer.heading('By status', 'Requests by their status now');
  const statusTop = writer.y;
  const statuses = statusRows(stats);
  writer.table(
    LEFT,
    [
      { title: 'Status', width: 150 },
      { title: 'Requests', width: 80, align: 'right' },
    ],
    statuses.map((row) => [row.label, row.count.toLocaleString('en-US')]),
    { total: ['Total', requestCount(stats).toLocaleString('en-US')] },
  );
  const statusBottom = writer.y;
  writer.y = statusTop;
  writer.barsAcross(LEFT + 260, WIDTH - 260, 'Requests by status', statuses.map((row) => ({ label: row.label, value: row.count, text: row.count.toLocaleString('en-US') })), BAR, 40);
  writer.y = Math.max(writer.y, statusBottom) + 22;

  writer.heading('By type', 'Campaign shares counted one by one');
  writer.table(
    LEFT,
    [
      { title: 'Type', width: 152 },
      { title: 'Requests', width: 70, align: 'right' },
      { title: 'Spent', width: 96, align: 'right' },
      { title: 'Accepted', width: 97, align: 'right' },
      { title: 'Rejected', width: 97, align: 'right' },
    ],
    stats.byType.map((row) => [serviceTypeLabel(row.type), row.count.toLocaleString('en-US'), dollarsText(row.spentCents), dollarsText(row.acceptedCents), dollarsText(row.rejectedCents)]),
    {
      total: [
        'Total',
        requestCount(stats).toLocaleString('en-US'),
        dollarsText(stats.totals.spentCents),
        dollarsText(stats.totals.acceptedCents),
        dollarsText(stats.totals.rejectedCents),
      ],
    },
  );
  writer.y += 14;
  writer.barsAcross(LEFT, WIDTH, 'Spent by type', stats.byType.map((row) => ({ label: serviceTypeLabel(row.type), value: row.spentCents, text: dollarsText(row.spentCents) })), BAR_ALT);
  writer.y += 22;

  writer.heading('Spending by month', `The last ${stats.chart.month.length} months, by the month each request was accepted`);
  writer.barsOverTime('Spent per month', stats.chart.month);
  writer.y += 8;

  writer.heading('By athlete', 'Most spent first');
  writer.table(
    LEFT,
    [
      { title: 'Athlete', width: 312 },
      { title: 'Requests', width: 90, align: 'right' },
      { title: 'Spent', width: 110, align: 'right' },
    ],
    stats.byAthlete.map((row) => [row.name, row.count.toLocaleString('en-US'), dollarsText(row.spentCents)]),
    { caption: 'By athlete', empty: 'No requests yet', total: ['Total', requestCount(stats).toLocaleString('en-US'), dollarsText(stats.totals.spentCents)] },
  );
  writer.y += 22;

  writer.heading('Requests', `${report.requests.length.toLocaleString('en-US')} paid requests, newest first; dates in ${report.zone}`);
  writer.table(
    LEFT,
    [
      { title: 'Date', width: 56 },
      { title: 'Request', width: 98 },
      { title: 'Athlete', width: 98 },
      { title: 'Service', width: 94 },
      { title: 'Status', width: 64 },
      { title: 'Price', width: 51, align: 'right' },
      { title: 'Spent', width: 51, align: 'right' },
    ],
    report.requests.map((line) => [
      localDayText(line.createdAt, report.zone),
      line.name,
      line.athleteName,
      serviceTypeLabel(line.type),
      statusLabel(line.status),
      dollarsText(line.amountCents),
      dollarsText(line.spentCents),
    ]),
    {
      caption: 'Requests',
      empty: 'No paid requests yet',
      size: 7.5,
      total: [
        'Total',
        '',
        '',
        '',
        '',
        dollarsText(report.requests.reduce((sum, line) => sum + line.amountCents, 0)),
        dollarsText(report.requests.reduce((sum, line) => sum + line.spentCents, 0)),
      ],
    },
  );

  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    writer.frame(index + 1, range.count);
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
