import { ConsoleLogger } from '@nestjs/common';
import { ERROR_MESSAGES, ErrorCode, LIMITS, MESSAGES, UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { api, outboxFor, PASSWORD, resetCodeFor, signUp, uniqueEmail } from './support/accounts-api';
import { FakeClock } from './support/fake-clock';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const NEW_PASSWORD = 'a brand new passphrase';

/** Keeps what the API logs at 'log' level (the outbox prints each email there) and prints only errors. */
class LogCapture extends ConsoleLogger {
  readonly lines: string[] = [];

  constructor() {
    super('Test', { logLevels: ['fatal', 'error'] });
  }

  override log(message: unknown, context?: unknown): void {
    this.lines.push(`[${String(context)}] ${String(message)}`);
  }
}

describe('password reset', () => {
  let testApp: TestApp;
  const clock = new FakeClock(new Date('2030-01-15T12:00:00Z'));
  const logs = new LogCapture();

  beforeAll(async () => {
    testApp = await createTestApp({
      logger: logs,
      overrides: [{ provide: Clock, useValue: clock }],
      env: { SIGN_IN_MAX_PER_IP: '1000', SIGN_IN_MAX_PER_EMAIL: '1000', PASSWORD_RESET_MAX_PER_EMAIL: '100', PASSWORD_RESET_MAX_PER_IP: '1000', PASSWORD_RESET_CONFIRM_MAX: '1000' },
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const requestReset = (email: string) => api(testApp).delete('/user/accounts/passwords').type('form').send({ email });
  const confirm = (email: string, verificationCode: string, password = NEW_PASSWORD) =>
    api(testApp).postForm('/user/accounts/passwords', { email, verificationCode, password });
  const signInWith = (email: string, password: string) => api(testApp).postForm('/user/sign-ins', { email, password });

  function expectIncorrectCode(response: { status: number; body: unknown }): void {
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status_response: { status: 400, response_message: ERROR_MESSAGES[ErrorCode.IncorrectResetCode], response_internal_code: ErrorCode.IncorrectResetCode },
      errors: { verificationCode: ERROR_MESSAGES[ErrorCode.IncorrectResetCode] },
    });
  }

  describe('DELETE /user/accounts/passwords', () => {
    it('emails a six-digit code through the outbox, prints it in one log line, and stores only its hash', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      const response = await requestReset(fan.email.toUpperCase()).expect(200);
      expect(response.body).toEqual({ status_response: { status: 200, response_message: 'OK', response_internal_code: 0 } });

      const code = await resetCodeFor(testApp, fan.email);
      expect(code).toMatch(/^\d{6}$/);
      // Exactly one email once the queue has drained: the job ran once.
      expect(await outboxFor(testApp, fan.email)).toHaveLength(1);
      expect(logs.lines.filter((entry) => entry.includes(`to=${fan.email}`))).toHaveLength(1);
      const [email] = await outboxFor(testApp, fan.email);
      expect(email.subject).toBe('Your Huddle reset code');
      expect(email.text_body).toContain('10 minutes');

      const line = logs.lines.find((entry) => entry.includes(`to=${fan.email}`));
      expect(line).toBe(`[Outbox] to=${fan.email} subject="Your Huddle reset code" text=${JSON.stringify(email.text_body)}`);

      const rows: Array<{ code_hash: string; attempts: number; used_at: Date | null; expires_at: Date }> = await testApp.dataSource.query(
        'SELECT code_hash, attempts, used_at, expires_at FROM password_resets WHERE account_id = $1',
        [fan.id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0].code_hash).not.toContain(code);
      expect(rows[0].attempts).toBe(0);
      expect(rows[0].used_at).toBeNull();
      expect(rows[0].expires_at.getTime()).toBe(clock.now().getTime() + LIMITS.resetCode.ttlSeconds * 1000);
    });

    it('answers an unknown email exactly like a known one, and sends nothing', async () => {
      const email = uniqueEmail('stranger');
      const response = await requestReset(email).expect(200);
      expect(response.body).toEqual({ status_response: { status: 200, response_message: 'OK', response_internal_code: 0 } });
      const known = await signUp(testApp, UserType.Fan);
      await requestReset(known.email).expect(200);
      await resetCodeFor(testApp, known.email);
      expect(await outboxFor(testApp, email)).toEqual([]);
    });

    it('requires a valid email, as a form or JSON', async () => {
      const missing = await requestReset('').expect(400);
      expect(missing.body.errors).toEqual({ email: MESSAGES.emailRequired });
      const invalid = await api(testApp).delete('/user/accounts/passwords').send({ email: 'nope' }).expect(400);
      expect(invalid.body.errors).toEqual({ email: MESSAGES.emailInvalid });
    });
  });

  describe('POST /user/accounts/passwords', () => {
    it('sets the new password, signs the account out everywhere, and works once', async () => {
      const athlete = await signUp(testApp, UserType.Athlete);
      const second = await signInWith(athlete.email, PASSWORD).expect(200);
      await requestReset(athlete.email).expect(200);
      const code = await resetCodeFor(testApp, athlete.email);

      const response = await confirm(athlete.email, code).expect(200);
      expect(response.body).toEqual({ status_response: { status: 200, response_message: 'OK', response_internal_code: 0 } });

      await api(testApp).get('/user/accounts', athlete.token).expect(401);
      await api(testApp).get('/user/accounts', second.body.session_token).expect(401);
      expect((await signInWith(athlete.email, PASSWORD)).status).toBe(401);
      await signInWith(athlete.email, NEW_PASSWORD).expect(200);

      expectIncorrectCode(await confirm(athlete.email, code, 'yet another passphrase'));
      await signInWith(athlete.email, NEW_PASSWORD).expect(200);
    });

    it('refuses a wrong code and kills the code after five wrong tries', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      await requestReset(fan.email).expect(200);
      const code = await resetCodeFor(testApp, fan.email);
      const wrong = code === '000000' ? '111111' : '000000';

      for (let attempt = 1; attempt <= LIMITS.resetCode.maxAttempts; attempt += 1) expectIncorrectCode(await confirm(fan.email, wrong));
      const rows: Array<{ attempts: number }> = await testApp.dataSource.query('SELECT attempts FROM password_resets WHERE account_id = $1', [fan.id]);
      expect(rows[0].attempts).toBe(LIMITS.resetCode.maxAttempts);

      expectIncorrectCode(await confirm(fan.email, code));
      await signInWith(fan.email, PASSWORD).expect(200);
      await api(testApp).get('/user/accounts', fan.token).expect(200);
    });

    it('accepts a code up to its ten minutes and refuses it after', async () => {
      const early = await signUp(testApp, UserType.Fan);
      const late = await signUp(testApp, UserType.Fan);
      await requestReset(early.email).expect(200);
      await requestReset(late.email).expect(200);
      const earlyCode = await resetCodeFor(testApp, early.email);
      const lateCode = await resetCodeFor(testApp, late.email);

      clock.advance(LIMITS.resetCode.ttlSeconds * 1000 - 1000);
      await confirm(early.email, earlyCode).expect(200);
      clock.advance(1000);
      expectIncorrectCode(await confirm(late.email, lateCode));
      await signInWith(late.email, PASSWORD).expect(200);
    });

    it('replaces an earlier code when a new one is requested', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      await requestReset(fan.email).expect(200);
      const first = await resetCodeFor(testApp, fan.email, 1);
      await requestReset(fan.email).expect(200);
      const second = await resetCodeFor(testApp, fan.email, 2);
      if (first !== second) expectIncorrectCode(await confirm(fan.email, first));
      await confirm(fan.email, second).expect(200);
      const rows: Array<{ count: number }> = await testApp.dataSource.query('SELECT count(*)::int AS count FROM password_resets WHERE account_id = $1', [fan.id]);
      expect(rows[0].count).toBe(1);
    });

    it('answers 12001 for an email without an account', async () => {
      expectIncorrectCode(await confirm(uniqueEmail('ghost'), '123456'));
    });

    it('needs a six-character code and a password', async () => {
      const short = await confirm(uniqueEmail('x'), '12345').expect(400);
      expect(short.body.errors).toEqual({ verificationCode: MESSAGES.enterCode });
      const missing = await api(testApp).post('/user/accounts/passwords', { email: uniqueEmail('x') }).expect(400);
      expect(missing.body.errors).toEqual({ password: MESSAGES.passwordRequired, verificationCode: MESSAGES.enterCode });
      const weak = await confirm(uniqueEmail('x'), '123456', 'short').expect(400);
      expect(weak.body.errors).toEqual({ password: MESSAGES.passwordTooShort });
    });
  });
});
