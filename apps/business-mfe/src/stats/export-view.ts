import type { BusinessExport } from './export-api';

/** What the export modal asks: the file's format and how it reaches the business. */
export type ExportFormat = BusinessExport['format'];
export type ExportDelivery = 'download' | 'email';

export interface ExportChoice {
  format: ExportFormat;
  delivery: ExportDelivery;
}

export const DEFAULT_EXPORT_CHOICE: ExportChoice = { format: 'pdf', delivery: 'download' };

export const EXPORT_FORMATS: Array<{ id: ExportFormat; label: string; hint: string }> = [
  { id: 'pdf', label: 'PDF', hint: 'A report with the tables and charts, to file or print' },
  { id: 'csv', label: 'CSV', hint: 'The same tables and every paid request, for a spreadsheet' },
];

export function deliveryLabel(delivery: ExportDelivery, email: string | undefined): string {
  if (delivery === 'download') return 'Download';
  return email ? `Email to ${email}` : 'Email to you';
}

/**
 * Where an export stands, as the modal and the page show it. An emailed export counts as done
 * only once the API says the email was accepted (emailed_to): never 'Sent' before.
 */
export type ExportStage = 'working' | 'done' | 'failed';

export function exportStage(job: BusinessExport): ExportStage {
  if (job.status === 'failed') return 'failed';
  if (job.status === 'done' && (!job.send || job.emailed_to)) return 'done';
  return 'working';
}

/** Polled every second while the job is queued or running (and an emailed one until the email left). */
export function isExportWorking(job: BusinessExport | undefined): boolean {
  return job !== undefined && exportStage(job) === 'working';
}

export const EXPORT_POLL_MS = 1000;

/** 0 to 100, whole: the API's progress, kept within bounds whatever it answers. */
export function exportPercent(job: BusinessExport): number {
  if (job.status === 'done') return 100;
  return Math.round(Math.min(100, Math.max(0, job.progress)));
}

/** The words of the progress bar, read out by screen readers as they change. */
export function progressText(percent: number): string {
  return `Preparing your export… ${percent}%`;
}

export function sentText(emailedTo: string): string {
  return `Sent to ${emailedTo}`;
}

/** The line a finished export leaves: the file saved, or the email sent. */
export function doneText(job: BusinessExport): string {
  return job.send && job.emailed_to ? sentText(job.emailed_to) : `Saved ${job.filename}`;
}

/** What the page says while the modal is closed: the export keeps going. */
export function pageNoteText(job: BusinessExport): string {
  return `Export in progress… ${exportPercent(job)}%`;
}

/** The toast when an export ends with its modal closed. */
export function finishedToastText(job: BusinessExport): string {
  if (exportStage(job) === 'failed') return `Your export failed: ${job.error ?? 'please try again.'}`;
  return job.send && job.emailed_to ? `Your statistics export was ${sentText(job.emailed_to).toLowerCase()}` : `Your statistics export is ready: ${job.filename}`;
}

/** A failed job's message as the API wrote it. */
export function failureText(job: BusinessExport): string {
  return job.error ?? 'The export could not be prepared. Please try again.';
}

/**
 * What the modal shows, from what the page knows of the export: the form (also while the start
 * call runs, or after it failed), the progress, the outcome, or the job's failure.
 */
export type ExportScreen =
  | { kind: 'form'; choice: ExportChoice; starting: boolean; error: string | null }
  | { kind: 'working'; job: BusinessExport; percent: number; error: string | null }
  | { kind: 'done'; job: BusinessExport; saving: boolean; error: string | null }
  | { kind: 'failed'; job: BusinessExport; message: string };

export interface ExportFacts {
  choice: ExportChoice;
  job: BusinessExport | undefined;
  starting: boolean;
  startError: string | null;
  /** The last read of a working job failed (the network); polling goes on. */
  readError: string | null;
  saving: boolean;
  saveError: string | null;
}

export function exportScreen(facts: ExportFacts): ExportScreen {
  const { job } = facts;
  if (!job || facts.starting) return { kind: 'form', choice: facts.choice, starting: facts.starting, error: facts.startError };
  const stage = exportStage(job);
  if (stage === 'failed') return { kind: 'failed', job, message: failureText(job) };
  if (stage === 'done') return { kind: 'done', job, saving: facts.saving, error: facts.saveError };
  return { kind: 'working', job, percent: exportPercent(job), error: facts.readError };
}
