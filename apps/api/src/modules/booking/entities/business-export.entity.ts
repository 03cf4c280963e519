import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const BUSINESS_EXPORT_FORMATS = ['csv', 'pdf'] as const;
export type BusinessExportFormat = (typeof BUSINESS_EXPORT_FORMATS)[number];

export const BUSINESS_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type BusinessExportStatus = (typeof BUSINESS_EXPORT_STATUSES)[number];

/** A business's statistics export (issue 23): asked for, worked by a job, then its file kept for download. */
@Entity({ name: 'business_exports' })
export class BusinessExportEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'business_id', type: 'uuid' })
  businessId!: string;

  @Column({ type: 'varchar', length: 3 })
  format!: BusinessExportFormat;

  /** Emailed to the account's own address as well as kept for download. */
  @Column({ type: 'boolean' })
  send!: boolean;

  /** The viewer's zone: the report's days, months and period. */
  @Column({ name: 'time_zone', type: 'varchar', length: 64 })
  timeZone!: string;

  @Column({ type: 'varchar', length: 7 })
  status!: BusinessExportStatus;

  /** 0-100, written by the job as it goes. */
  @Column({ type: 'smallint' })
  progress!: number;

  @Column({ type: 'varchar', length: 200 })
  filename!: string;

  @Column({ name: 'content_type', type: 'varchar', length: 100, nullable: true })
  contentType!: string | null;

  /** The finished file; not read with the row (select: false), only by the download. */
  @Column({ type: 'bytea', nullable: true, select: false })
  file!: Buffer | null;

  /** Set just before the email is handed to the mail adapter: a retry seeing it never sends again. */
  @Column({ name: 'mail_claimed_at', type: 'timestamptz', nullable: true })
  mailClaimedAt!: Date | null;

  /** Set only once the mail adapter accepted the email. */
  @Column({ name: 'emailed_to', type: 'varchar', length: 254, nullable: true })
  emailedTo!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
