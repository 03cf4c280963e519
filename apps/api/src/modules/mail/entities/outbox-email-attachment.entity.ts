import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The bytes of an attachment the outbox keeps; larger ones keep their name, type and size only. */
export const OUTBOX_ATTACHMENT_KEPT_BYTES = 1024 * 1024;

/** An attachment of an email the embedded mail default kept (outbox_emails). */
@Entity({ name: 'outbox_email_attachments' })
export class OutboxEmailAttachmentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'email_id', type: 'uuid' })
  emailId!: string;

  @Column({ type: 'varchar', length: 255 })
  filename!: string;

  @Column({ name: 'content_type', type: 'varchar', length: 255 })
  contentType!: string;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes!: number;

  /** Null when the file was larger than OUTBOX_ATTACHMENT_KEPT_BYTES. */
  @Column({ type: 'bytea', nullable: true })
  content!: Buffer | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
