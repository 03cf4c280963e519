export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends the product's emails (reset codes, and later exports and notices). Two adapters: SMTP
 * when SMTP_URL is configured, otherwise the embedded outbox. Callers depend on this class only.
 */
export abstract class MailService {
  abstract send(mail: OutgoingMail): Promise<void>;
}
