import type { OnApplicationShutdown } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { MailTransport } from './mail-transport';
import type { OutgoingMail } from './mail-transport';

/** The real adapter: SMTP through nodemailer, with one pooled connection set per process. */
export class SmtpMailer extends MailTransport implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    const url = new URL(smtpUrl);
    url.searchParams.set('pool', 'true');
    this.transport = createTransport(url.toString());
  }

  async send(mail: OutgoingMail, messageId?: string): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(messageId ? { messageId } : {}),
      ...(mail.attachments?.length
        ? { attachments: mail.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })) }
        : {}),
    });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
