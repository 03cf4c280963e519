import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
  user: string | undefined;
}

export interface LocalSmtpServer {
  server: SMTPServer;
  port: number;
  received: ReceivedMail[];
  /** The next email to arrive (within 5 s). */
  next: () => Promise<ReceivedMail>;
  /** While set, the server refuses every email's content with this message (a 550). */
  refuse: (message: string | null) => void;
  close: () => Promise<void>;
}

/**
 * A real SMTP server in this process (the smtp-server package): what nodemailer sends arrives here.
 * It accepts the user 'mailer' with the password 'secret', or no authentication.
 */
export async function startSmtpServer(): Promise<LocalSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiting: Array<(mail: ReceivedMail) => void> = [];
  let refusal: string | null = null;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    size: 50 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'secret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal !== null) {
          const error = Object.assign(new Error(refusal), { responseCode: 550 });
          return callback(error);
        }
        const from = session.envelope.mailFrom;
        const mail: ReceivedMail = {
          from: from ? from.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        };
        received.push(mail);
        waiting.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const next = () =>
    new Promise<ReceivedMail>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('No email reached the SMTP server')), 5000);
      waiting.push((mail) => {
        clearTimeout(timer);
        resolve(mail);
      });
    });
  return {
    server,
    port,
    received,
    next,
    refuse: (message) => {
      refusal = message;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
