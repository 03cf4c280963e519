import { simpleParser } from 'mailparser';
import { UserType } from '@huddle/domain';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { MailTransport } from '../src/modules/mail/mail-transport';
import { MailService } from '../src/modules/mail/mail.service';
import { OUTBOX_ATTACHMENT_KEPT_BYTES } from '../src/modules/mail/entities/outbox-email-attachment.entity';
import { OutboxMailer } from '../src/modules/mail/outbox-mailer';
import { SmtpMailer } from '../src/modules/mail/smtp-mailer';
import { api, outboxFor, signUp } from './support/accounts-api';
import { bookAndPay, bookingPayload, createBookableAthlete } from './support/booking';
import { createSignedIn } from './support/fixtures';
import { startSmtpServer } from './support/smtp-server';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

/** The quoted-printable body folded back into plain text. */
function bodyOf(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('email', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });

  afterAll(async () => {
    await smtp.close();
  });

  it('SmtpMailer delivers over SMTP with the configured sender, authenticating from the URL', async () => {
    const mailer = new SmtpMailer(`smtp://mailer:secret@127.0.0.1:${smtp.port}`, 'Huddle <no-reply@huddle.test>');
    try {
      const arrival = smtp.next();
      await mailer.send({ to: 'fan@huddle.test', subject: 'Hello from Huddle', text: 'Line one.\nLine two with the code 424242.' });
      const mail = await arrival;
      expect(mail.user).toBe('mailer');
      expect(mail.from).toBe('no-reply@huddle.test');
      expect(mail.to).toEqual(['fan@huddle.test']);
      expect(mail.raw).toMatch(/^From: Huddle <no-reply@huddle\.test>$/m);
      expect(mail.raw).toMatch(/^To: fan@huddle\.test$/m);
      expect(mail.raw).toMatch(/^Subject: Hello from Huddle$/m);
      expect(bodyOf(mail.raw)).toContain('Line two with the code 424242.');
    } finally {
      mailer.onApplicationShutdown();
    }
  });

  it('SmtpMailer sends attachments: parsed back, each keeps its name, type and bytes', async () => {
    const mailer = new SmtpMailer(`smtp://mailer:secret@127.0.0.1:${smtp.port}`, 'Huddle <no-reply@huddle.test>');
    try {
      const arrival = smtp.next();
      const csv = Buffer.from('Summary\nBusiness,Acme Co\n');
      const pdf = Buffer.concat([Buffer.from('%PDF-1.3\n'), Buffer.alloc(2048, 7)]);
      await mailer.send({
        to: 'business@huddle.test',
        subject: 'Your export',
        text: 'Attached.',
        attachments: [
          { filename: 'stats.csv', contentType: 'text/csv', content: csv },
          { filename: 'stats.pdf', contentType: 'application/pdf', content: pdf },
        ],
      });
      const parsed = await simpleParser((await arrival).raw);
      expect(parsed.text?.trim()).toBe('Attached.');
      expect(parsed.attachments.map((file) => [file.filename, file.contentType])).toEqual([
        ['stats.csv', 'text/csv'],
        ['stats.pdf', 'application/pdf'],
      ]);
      expect(parsed.attachments[0].content).toEqual(csv);
      expect(parsed.attachments[1].content).toEqual(pdf);
    } finally {
      mailer.onApplicationShutdown();
    }
  });

  it('SmtpMailer fails loudly when the server refuses the credentials', async () => {
    const mailer = new SmtpMailer(`smtp://mailer:wrong@127.0.0.1:${smtp.port}`, 'no-reply@huddle.test');
    try {
      await expect(mailer.send({ to: 'fan@huddle.test', subject: 'x', text: 'y' })).rejects.toThrow(/Invalid username or password/);
    } finally {
      mailer.onApplicationShutdown();
    }
  });

  describe('through the job queue, with the embedded outbox', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp();
    });

    afterAll(async () => {
      await testApp.close();
    });

    it('sends an email queued in a transaction only if that transaction commits', async () => {
      const mail = testApp.get(MailService);
      await expect(
        testApp.dataSource.transaction(async (manager) => {
          await mail.send({ to: 'rolled-back@huddle.test', subject: 'Never', text: 'This change failed.' }, manager);
          throw new Error('the change fails');
        }),
      ).rejects.toThrow('the change fails');
      await testApp.dataSource.transaction((manager) => mail.send({ to: 'committed@huddle.test', subject: 'Sent', text: 'This change held.' }, manager));
      await testApp.get(JobsService).drain();
      expect(await outboxFor(testApp, 'rolled-back@huddle.test')).toEqual([]);
      expect(await outboxFor(testApp, 'committed@huddle.test')).toEqual([{ to_address: 'committed@huddle.test', subject: 'Sent', text_body: 'This change held.' }]);
    });

    it('keeps one email per message id, so a retried mail job does not send it twice', async () => {
      const transport = testApp.app.get<MailTransport>(MailTransport);
      expect(transport).toBeInstanceOf(OutboxMailer);
      const mail = { to: 'retried@huddle.test', subject: 'Once', text: 'One copy.' };
      await transport.send(mail, '<retried-job@huddle.jobs>');
      await transport.send(mail, '<retried-job@huddle.jobs>');
      expect(await outboxFor(testApp, mail.to)).toHaveLength(1);
    });

    it("keeps attachments with their email: name, type, size, and the bytes of those small enough; once per message id", async () => {
      const transport = testApp.app.get<MailTransport>(MailTransport);
      const small = Buffer.from('Summary\nBusiness,Acme Co\n');
      const large = Buffer.alloc(OUTBOX_ATTACHMENT_KEPT_BYTES + 1, 1);
      const mail = {
        to: 'attached@huddle.test',
        subject: 'Your export',
        text: 'Attached.',
        attachments: [
          { filename: 'stats.csv', contentType: 'text/csv', content: small },
          { filename: 'big.pdf', contentType: 'application/pdf', content: large },
        ],
      };
      await transport.send(mail, '<export-job@huddle.jobs>');
      await transport.send(mail, '<export-job@huddle.jobs>');
      const kept: Array<{ filename: string; content_type: string; size_bytes: number; content: Buffer | null }> = await testApp.dataSource.query(
        `SELECT a.filename, a.content_type, a.size_bytes, a.content FROM outbox_email_attachments a JOIN outbox_emails e ON e.id = a.email_id
          WHERE e.to_address = $1 ORDER BY a.filename`,
        [mail.to],
      );
      expect(kept).toEqual([
        { filename: 'big.pdf', content_type: 'application/pdf', size_bytes: large.length, content: null },
        { filename: 'stats.csv', content_type: 'text/csv', size_bytes: small.length, content: small },
      ]);
      expect(await outboxFor(testApp, mail.to)).toHaveLength(1);
    });
  });

  describe('with SMTP_URL configured', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp({ env: { SMTP_URL: `smtp://mailer:secret@127.0.0.1:${smtp.port}`, MAIL_FROM: 'Huddle <reset@huddle.test>' } });
    });

    afterAll(async () => {
      await testApp.close();
    });

    it('uses the SMTP adapter: the reset code reaches the SMTP server, not the outbox', async () => {
      expect(testApp.app.get<MailTransport>(MailTransport)).toBeInstanceOf(SmtpMailer);
      const fan = await signUp(testApp, UserType.Fan);
      const arrival = smtp.next();
      await api(testApp).delete('/user/accounts/passwords').type('form').send({ email: fan.email }).expect(200);
      const mail = await arrival;
      expect(mail.to).toEqual([fan.email]);
      expect(mail.from).toBe('reset@huddle.test');
      expect(mail.raw).toMatch(/^Subject: Your Huddle reset code$/m);
      const code = /reset code is (\d{6})\./.exec(bodyOf(mail.raw))?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(await outboxFor(testApp, fan.email)).toEqual([]);

      await api(testApp).postForm('/user/accounts/passwords', { email: fan.email, verificationCode: code ?? '', password: 'the new passphrase' }).expect(200);
      await api(testApp).postForm('/user/sign-ins', { email: fan.email, password: 'the new passphrase' }).expect(200);
    });

    it("delivers a request's notification email over SMTP: parsed, it names the step and links to the request", async () => {
      const athlete = await createBookableAthlete(testApp);
      const fan = await createSignedIn(testApp, UserType.Fan);
      const [{ email }]: Array<{ email: string }> = await testApp.dataSource.query('SELECT email FROM accounts WHERE id = $1', [athlete.account.id]);
      const arrival = smtp.next();
      const requestId = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
      const parsed = await simpleParser((await arrival).raw);
      expect(parsed.subject).toBe('Huddle: New request');
      expect((Array.isArray(parsed.to) ? parsed.to : [parsed.to]).flatMap((to) => to?.value.map((address) => address.address))).toEqual([email]);
      expect(parsed.from?.value[0]?.address).toBe('reset@huddle.test');
      expect(parsed.text).toContain('booked a video shoutout');
      expect(parsed.text).toContain(`http://localhost:4200/request/${requestId}`);
    });
  });
});
