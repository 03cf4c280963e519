import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An email kept by the embedded mail default instead of being sent (no SMTP_URL configured). */
@Entity({ name: 'outbox_emails' })
export class OutboxEmailEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'to_address', type: 'varchar', length: 254 })
  toAddress!: string;

  @Column({ name: 'from_address', type: 'varchar', length: 320 })
  fromAddress!: string;

  @Column({ type: 'varchar', length: 300 })
  subject!: string;

  @Column({ name: 'text_body', type: 'text' })
  textBody!: string;

  /** The sending job's id: a retry of that job finds its email already kept and adds none. */
  @Column({ name: 'message_id', type: 'text', nullable: true, unique: true })
  messageId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
