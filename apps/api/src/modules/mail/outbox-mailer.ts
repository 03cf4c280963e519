import { Logger } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { MailTransport } from './mail-transport';
import type { OutgoingMail } from './mail-transport';
import { OutboxEmailAttachmentEntity, OUTBOX_ATTACHMENT_KEPT_BYTES } from './entities/outbox-email-attachment.entity';
import type { OutboxEmailEntity } from './entities/outbox-email.entity';

/**
 * An email kept, once per message id: a repeat of the same job's send inserts nothing (no row
 * comes back). Exported as it runs, for the booking benchmark's bare driver.
 */
export const OUTBOX_SQL = {
  insert: `INSERT INTO outbox_emails (to_address, from_address, subject, text_body, message_id) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT DO NOTHING RETURNING id`,
} as const;

/**
 * The embedded default: with no SMTP server configured, an email is stored in outbox_emails and
 * printed as one log line, so `npm start` on an offline machine can still deliver reset codes to
 * whoever reads the log. Attachments are kept beside it (outbox_email_attachments): name, type and
 * size, and the bytes of those small enough to keep.
 */
export class OutboxMailer extends MailTransport {
  private readonly logger = new Logger('Outbox');

  constructor(
    private readonly outbox: Repository<OutboxEmailEntity>,
    private readonly from: string,
  ) {
    super();
  }

  async send(mail: OutgoingMail, messageId?: string): Promise<void> {
    const attachments = mail.attachments ?? [];
    const values = [mail.to, this.from, mail.subject, mail.text, messageId ?? null];
    // One statement is atomic by itself; the email and its attachments are kept together or not at all.
    const kept =
      attachments.length === 0
        ? ((await this.outbox.query(OUTBOX_SQL.insert, values)) as unknown[]).length > 0
        : await this.outbox.manager.transaction(async (manager) => {
            const [inserted]: Array<{ id: string }> = await manager.query(OUTBOX_SQL.insert, values);
            // Kept already by an earlier try of the same job: printed then too.
            if (!inserted) return false;
            await manager.insert(
              OutboxEmailAttachmentEntity,
              attachments.map((file) => ({
                emailId: inserted.id,
                filename: file.filename,
                contentType: file.contentType,
                sizeBytes: file.content.length,
                content: file.content.length <= OUTBOX_ATTACHMENT_KEPT_BYTES ? file.content : null,
              })),
            );
            return true;
          });
    if (!kept) return;
    const files = attachments.map((file) => `${file.filename} (${file.contentType}, ${file.content.length} bytes)`);
    // JSON strings keep the line one line and its quoting unambiguous whatever the text holds.
    this.logger.log(
      `to=${mail.to} subject=${JSON.stringify(mail.subject)} text=${JSON.stringify(mail.text)}${files.length ? ` attachments=${JSON.stringify(files)}` : ''}`,
    );
  }
}
