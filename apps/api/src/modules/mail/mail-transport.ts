export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * How an email leaves: SMTP when SMTP_URL is configured, otherwise the embedded outbox. Only the
 * mail job calls it (MailService enqueues); a failure throws, and the job retries.
 */
export abstract class MailTransport {
  /**
   * `messageId` names the email for good: a second send with the same one (a retried job) is the
   * same email, dropped by the outbox and recognisable by mail servers.
   */
  abstract send(mail: OutgoingMail, messageId?: string): Promise<void>;
}
