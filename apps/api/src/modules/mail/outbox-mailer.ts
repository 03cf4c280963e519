import { Logger } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { MailTransport } from './mail-transport';
import type { OutgoingMail } from './mail-transport';
import { OutboxEmailEntity } from './entities/outbox-email.entity';

/**
 * The embedded default: with no SMTP server configured, an email is stored in outbox_emails and
 * printed as one log line, so `npm start` on an offline machine can still deliver reset codes to
 * whoever reads the log.
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
    const inserted = await this.outbox
      .createQueryBuilder()
      .insert()
      .into(OutboxEmailEntity)
      .values({ toAddress: mail.to, fromAddress: this.from, subject: mail.subject, textBody: mail.text, messageId: messageId ?? null })
      .orIgnore()
      .returning('id')
      .execute();
    // Kept already by an earlier try of the same job: printed then too.
    if (!Array.isArray(inserted.raw) || inserted.raw.length === 0) return;
    // JSON strings keep the line one line and its quoting unambiguous whatever the text holds.
    this.logger.log(`to=${mail.to} subject=${JSON.stringify(mail.subject)} text=${JSON.stringify(mail.text)}`);
  }
}
