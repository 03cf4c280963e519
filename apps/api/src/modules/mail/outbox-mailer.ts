import { Logger } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { MailService } from './mail.service';
import type { OutgoingMail } from './mail.service';
import type { OutboxEmailEntity } from './entities/outbox-email.entity';

/**
 * The embedded default: with no SMTP server configured, an email is stored in outbox_emails and
 * printed as one log line, so `npm start` on an offline machine can still deliver reset codes to
 * whoever reads the log.
 */
export class OutboxMailer extends MailService {
  private readonly logger = new Logger('Outbox');

  constructor(
    private readonly outbox: Repository<OutboxEmailEntity>,
    private readonly from: string,
  ) {
    super();
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.outbox.insert({ toAddress: mail.to, fromAddress: this.from, subject: mail.subject, textBody: mail.text });
    // JSON strings keep the line one line and its quoting unambiguous whatever the text holds.
    this.logger.log(`to=${mail.to} subject=${JSON.stringify(mail.subject)} text=${JSON.stringify(mail.text)}`);
  }
}
