import { Logger } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { MailTransport } from './mail-transport';
import type { OutgoingMail } from './mail-transport';
import { OutboxEmailAttachmentEntity, OUTBOX_ATTACHMENT_KEPT_BYTES } from './entities/outbox-email-attachment.entity';
import { OutboxEmailEntity } from './entities/outbox-email.entity';

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
    // The email and its attachments are kept together or not at all.
    const kept = await this.outbox.manager.transaction(async (manager) => {
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(OutboxEmailEntity)
        .values({ toAddress: mail.to, fromAddress: this.from, subject: mail.subject, textBody: mail.text, messageId: messageId ?? null })
        .orIgnore()
        .returning('id')
        .execute();
      // Kept already by an earlier try of the same job: printed then too.
      const emailId = Array.isArray(inserted.raw) ? (inserted.raw as Array<{ id: string }>)[0]?.id : undefined;
      if (!emailId) return false;
      if (attachments.length > 0) {
        await manager.insert(
          OutboxEmailAttachmentEntity,
          attachments.map((file) => ({
            emailId,
            filename: file.filename,
            contentType: file.contentType,
            sizeBytes: file.content.length,
            content: file.content.length <= OUTBOX_ATTACHMENT_KEPT_BYTES ? file.content : null,
          })),
        );
      }
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
