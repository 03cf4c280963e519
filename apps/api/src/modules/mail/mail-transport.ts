/** A file sent with an email (an export): its bytes travel with the send, never through a job's data. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/**
 * How an email leaves: SMTP when SMTP_URL is configured, otherwise the embedded outbox. Only
 * MailService calls it (its mail job, or a caller's own job through deliver); a failure throws.
 */
export abstract class MailTransport {
  /**
   * `messageId` names the email for good: a second send with the same one (a retried job) is the
   * same email, dropped by the outbox and recognisable by mail servers. It resolves only once the
   * email was accepted (by the SMTP server, or kept in the outbox).
   */
  abstract send(mail: OutgoingMail, messageId?: string): Promise<void>;
}
