import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { JobsService } from '../jobs/jobs.service';
import { MailTransport } from './mail-transport';
import type { OutgoingMail } from './mail-transport';

export type { MailAttachment, OutgoingMail } from './mail-transport';

export const SEND_MAIL_JOB = 'mail.send';

/**
 * Sends the product's emails (reset codes, notices) through a durable job,
 * so an email survives a crash of the process that asked for it and a failing server is retried
 * with backoff. Callers depend on this class only; the transport (SMTP or outbox) is the job's.
 */
@Injectable()
export class MailService implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly transport: MailTransport,
  ) {}

  onModuleInit(): void {
    // The job id is the email's Message-ID: a retry after a send that went out is the same email.
    this.jobs.register<OutgoingMail>(SEND_MAIL_JOB, (job) => this.transport.send(job.data, `<${job.id}@huddle.jobs>`));
  }

  /**
   * Queues the email. Given the EntityManager of a transaction, it is queued in that transaction:
   * sent only if the change that causes it commits.
   */
  async send(mail: Omit<OutgoingMail, 'attachments'>, transaction?: EntityManager): Promise<void> {
    const data: OutgoingMail = { to: mail.to, subject: mail.subject, text: mail.text };
    if (transaction) await this.jobs.enqueueIn(transaction, SEND_MAIL_JOB, data);
    else await this.jobs.enqueue(SEND_MAIL_JOB, data);
  }

  /**
   * Sends the email now, attachments and all, for a caller that is itself a durable job (an
   * export's email carries its file, too large for a job's data). Resolves once the adapter accepted
   * it; throws otherwise. `messageId` names the email: the outbox keeps one per id, and mail
   * servers recognise a repeat. Keeping a retry from sending twice is the caller's (it knows what
   * it already did).
   */
  async deliver(mail: OutgoingMail, messageId: string): Promise<void> {
    await this.transport.send(mail, messageId);
  }
}
