import PDFDocument from 'pdfkit';
import { formatDate } from '@huddle/domain/format';
import { NIL_DISCLOSURE_THRESHOLD_CENTS, NIL_REPORT_BUSINESS_DAYS, nilDateLabel, nilPacketFields } from '@huddle/domain/nil';
import type { NilPacketSource } from '@huddle/domain/nil';

const MARGIN = 54;
const LABEL_WIDTH = 170;
const CELL_PAD = 7;
const INK = '#1a1a1a';
const MUTED = '#5b5b5b';
const RULE = '#d0d4da';
const SHADE = '#f3f5f8';
const ACCENT = '#0b5cad';
const ALERT_FILL = '#fff4e0';
const ALERT_RULE = '#e0a030';

/** 'Nov 27, 2026' in UTC: the day the packet was made, the same from any server. */
function generatedLabel(at: Date): string {
  return formatDate(at.getTime() / 1000, false) ?? '';
}

/** The countdown under the report-by date: '3 business days left', 'Due today', '2 business days overdue'. */
export function countdownText(daysLeft: number | null, reportedOn: string | null): string {
  if (reportedOn) return `Reported on ${nilDateLabel(reportedOn, true)}`;
  if (daysLeft === null) return '';
  if (daysLeft === 0) return 'Due today';
  const days = Math.abs(daysLeft);
  return `${days} business ${days === 1 ? 'day' : 'days'} ${daysLeft > 0 ? 'left' : 'overdue'}`;
}

/**
 * The disclosure packet (issue 23): one deal's fields as NIL Go asks for them, laid out to copy
 * from: a title, the report-by date in a box of its own, then the fields of nilPacketFields (the
 * same list the athlete's screen shows) as a two-column table, and a footer on every page with the
 * day it was made and the page number. US Letter.
 */
export function renderNilPacket(deal: NilPacketSource & { business_days_left: number | null; reported_on: string | null }, generatedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN + 24, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `NIL deal disclosure: ${deal.payor.name}`, Author: 'Huddle', Subject: 'NIL Go disclosure packet' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;

  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(10).text('HUDDLE', left, MARGIN, { characterSpacing: 1.5 });
  doc.moveDown(0.3);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text('NIL deal disclosure packet', { width });
  doc.moveDown(0.2);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(10)
    .text(
      `For reporting to NIL Go (College Sports Commission). A Division I athlete reports a third-party NIL deal within ${NIL_REPORT_BUSINESS_DAYS} business days of agreeing to it once the payor's total reaches $${NIL_DISCLOSURE_THRESHOLD_CENTS / 100}. Copy each field below into NIL Go.`,
      { width },
    );
  doc.moveDown(1);

  // The date that matters most, in a box of its own.
  const boxTop = doc.y;
  const due = deal.flagged && deal.report_by;
  const heading = due ? `Report by ${nilDateLabel(deal.report_by as string, true)}` : 'No report needed for this deal';
  const sub = due
    ? [countdownText(deal.business_days_left, deal.reported_on), 'Business days on New York time, weekends and US federal holidays skipped.'].filter(Boolean).join('. ')
    : `This payor's total with you is under $${NIL_DISCLOSURE_THRESHOLD_CENTS / 100}. Keep this packet for your records.`;
  doc.font('Helvetica-Bold').fontSize(16);
  const headingHeight = doc.heightOfString(heading, { width: width - 28 });
  doc.font('Helvetica').fontSize(10);
  const subHeight = doc.heightOfString(sub, { width: width - 28 });
  const boxHeight = 14 + headingHeight + 4 + subHeight + 14;
  doc
    .roundedRect(left, boxTop, width, boxHeight, 6)
    .lineWidth(1.2)
    .fillAndStroke(due ? ALERT_FILL : SHADE, due ? ALERT_RULE : RULE);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(heading, left + 14, boxTop + 14, { width: width - 28 });
  doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(sub, left + 14, doc.y + 4, { width: width - 28 });
  doc.y = boxTop + boxHeight + 18;

  // The fields, two columns: label | value. A row that does not fit on what is left of the page
  // moves to the next; a long one (many lines of obligations) is split between its lines, its
  // label repeated with '(continued)'.
  const valueWidth = width - LABEL_WIDTH - 2 * CELL_PAD;
  const labelWidth = LABEL_WIDTH - 2 * CELL_PAD;
  const bottomOf = () => doc.page.height - doc.page.margins.bottom;
  const valueHeight = (text: string) => doc.font('Helvetica').fontSize(11).heightOfString(text, { width: valueWidth });
  const labelHeight = (text: string) => doc.font('Helvetica-Bold').fontSize(10).heightOfString(text, { width: labelWidth });
  const row = (label: string, value: string, shaded: boolean) => {
    const rowHeight = Math.max(valueHeight(value), labelHeight(label)) + 2 * CELL_PAD;
    const top = doc.y;
    if (shaded) doc.rect(left, top, width, rowHeight).fill(SHADE);
    doc.moveTo(left, top + rowHeight).lineTo(left + width, top + rowHeight).lineWidth(0.6).strokeColor(RULE).stroke();
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(10).text(label, left + CELL_PAD, top + CELL_PAD + 1, { width: labelWidth });
    doc.fillColor(INK).font('Helvetica').fontSize(11).text(value, left + LABEL_WIDTH + CELL_PAD, top + CELL_PAD, { width: valueWidth });
    doc.y = top + rowHeight;
  };
  const newPage = () => {
    doc.addPage();
    doc.y = MARGIN;
  };
  nilPacketFields(deal).forEach((field, index) => {
    const shaded = index % 2 === 0;
    const whole = Math.max(valueHeight(field.value), labelHeight(field.label)) + 2 * CELL_PAD;
    if (doc.y + whole <= bottomOf()) return row(field.label, field.value, shaded);
    if (whole <= (bottomOf() - MARGIN) * 0.4) {
      newPage();
      return row(field.label, field.value, shaded);
    }
    const lines = field.value.split('\n');
    let label = field.label;
    while (lines.length > 0) {
      let take = 0;
      while (take < lines.length && doc.y + valueHeight(lines.slice(0, take + 1).join('\n')) + 2 * CELL_PAD <= bottomOf()) take += 1;
      // One line taller than what is left: a fresh page (a line longer than a page is left to wrap there).
      if (take === 0 && doc.y > MARGIN) {
        newPage();
        continue;
      }
      take = Math.max(take, 1);
      row(label, lines.splice(0, take).join('\n'), shaded);
      label = `${field.label} (continued)`;
      if (lines.length > 0) newPage();
    }
  });

  // A footer on every page: written with no bottom margin, so pdfkit does not break a page for it.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN;
    doc.moveTo(left, y - 8).lineTo(left + width, y - 8).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.fillColor(MUTED).font('Helvetica').fontSize(8.5);
    doc.text(`Generated by Huddle on ${generatedLabel(generatedAt)}. Amounts in US dollars.`, left, y, { width: width / 2, lineBreak: false });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, left + width / 2, y, { width: width / 2, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
