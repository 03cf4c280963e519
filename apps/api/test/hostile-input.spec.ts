import { connect } from 'node:net';
import { crc32 } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import request from 'supertest';
import { ERROR_MESSAGES, ErrorCode, LIMITS, MESSAGES, UserType } from '@huddle/domain';
import { api, signUp, uniqueEmail } from './support/accounts-api';
import type { SignedUp } from './support/accounts-api';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

/** The error envelope, as every refusal must answer it. */
function expectEnvelope(body: unknown, status: number): void {
  expect(body).toEqual(expect.objectContaining({ status_response: expect.objectContaining({ status, response_message: expect.any(String) }) }));
}

/** Sends raw bytes on a socket and answers what came back (or '' once the server closes it). */
async function rawExchange(testApp: TestApp, payload: string | Buffer, waitMs = 5_000): Promise<string> {
  if (!testApp.server.listening) await new Promise<void>((resolve) => testApp.server.listen(0, '127.0.0.1', resolve));
  const { port } = testApp.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${waitMs} ms; got ${Buffer.concat(chunks).toString('latin1').slice(0, 200)}`));
    }, waitMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // One complete reply is enough: multipart refusals keep the connection open (keep-alive).
      const text = Buffer.concat(chunks).toString('latin1');
      const length = /content-length: (\d+)/i.exec(text);
      const bodyStart = text.indexOf('\r\n\r\n');
      if (length && bodyStart >= 0 && Buffer.byteLength(text.slice(bodyStart + 4), 'latin1') >= Number(length[1])) {
        clearTimeout(timer);
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    socket.on('error', reject);
    socket.write(payload);
  });
}

function bodyOf(raw: string): unknown {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

describe('hostile input gets a clear error: never a 500, never a hang', () => {
  let testApp: TestApp;
  let athlete: SignedUp;

  beforeAll(async () => {
    testApp = await createTestApp();
    athlete = await signUp(testApp, UserType.Athlete);
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('a NUL character, refused for every route before it can reach PostgreSQL', () => {
    it('in a query string, naming the parameter', async () => {
      const response = await request(testApp.server).get('/api/v1/public/athletes/search?filter=a%00b').expect(400);
      expectEnvelope(response.body, 400);
      expect(response.body.status_response.response_internal_code).toBe(ErrorCode.ValidationFailed);
      expect(response.body.errors).toEqual({ filter: MESSAGES.forbiddenCharacters });
    });

    it('in a sign-in form field and a reset request', async () => {
      const signIn = await api(testApp).postForm('/user/sign-ins', { email: 'nobody\u0000x@example.com', password: 'whatever1' }).expect(400);
      expect(signIn.body.errors).toEqual({ email: MESSAGES.forbiddenCharacters });
      const reset = await request(testApp.server).delete('/api/v1/user/accounts/passwords').send({ email: 'nobody\u0000x@example.com' }).expect(400);
      expect(reset.body.errors).toEqual({ email: MESSAGES.forbiddenCharacters });
    });

    it('in nested JSON (a location name inside the athlete wizard), naming the nested field', async () => {
      const response = await api(testApp)
        .post('/user/save-athlete-profile', { athlete_personal_info: { first_name: 'Jo\u0000rdan' } }, athlete.token)
        .expect(400);
      expect(response.body.errors).toEqual({ 'athlete_personal_info.first_name': MESSAGES.forbiddenCharacters });
    });

    it('in a route parameter', async () => {
      const response = await request(testApp.server).get('/api/v1/media/images/a%00b.jpg').expect(400);
      expectEnvelope(response.body, 400);
    });
  });

  it('refuses JSON nested 10,000 deep on a JSON route with the envelope', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const body = `{"athlete_personal_info":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    for (const payload of [deep, body]) {
      const response = await request(testApp.server)
        .post('/api/v1/user/save-athlete-profile')
        .set('x-access-token', athlete.token)
        .set('content-type', 'application/json')
        .send(payload);
      expect(response.status).toBe(400);
      expectEnvelope(response.body, 400);
    }
  });

  it('answers a JSON body past the body limit with the envelope, in words that fit a body, not a file', async () => {
    const response = await request(testApp.server)
      .put('/api/v1/user/accounts')
      .set('x-access-token', athlete.token)
      .set('content-type', 'application/json')
      .send(JSON.stringify({ description: 'x'.repeat(2 * 1024 * 1024) }));
    expect(response.status).toBe(413);
    expectEnvelope(response.body, 413);
    expect(response.body.status_response.response_message).toBe(ERROR_MESSAGES[ErrorCode.PayloadTooLarge]);
    expect(response.body.status_response.response_message).not.toMatch(/file/);
  });

  it('refuses a null where a value may only be left out (appearance_type, nested or not)', async () => {
    const put = await api(testApp).put('/athlete/services', { appearance_type: null }, athlete.token).expect(400);
    expect(Object.keys(put.body.errors)).toEqual(['appearance_type']);
    const nested = await api(testApp)
      .post('/user/save-athlete-profile', { athlete_info: { athlete_services: { appearance_type: null } } }, athlete.token)
      .expect(400);
    expect(Object.keys(nested.body.errors)).toEqual(['athlete_info.athlete_services.appearance_type']);
    const finish = await api(testApp).post('/user/finish-registration', { athlete_info: null }, athlete.token);
    expect(finish.status).toBe(400);
    const notALocation = await api(testApp).post('/user/save-athlete-profile', { athlete_info: { locations: [[]] } }, athlete.token);
    expect(notALocation.status).toBe(400);
  });

  it('refuses a radius beyond what the column holds, saying so', async () => {
    for (const radius of [3_000_000_000, 1e308, LIMITS.map.maxRadiusMiles + 1]) {
      const response = await api(testApp)
        .post('/athlete/locations', { name: 'Far', address: 'Somewhere', latitude: 34, longitude: -118, radius }, athlete.token)
        .expect(400);
      expect(response.body.errors).toEqual({ radius: MESSAGES.radiusTooLarge });
    }
    const longName = await api(testApp)
      .post('/athlete/locations', { name: 'x'.repeat(LIMITS.locationName.max + 1), address: 'Somewhere', latitude: 34, longitude: -118, radius: 4 }, athlete.token)
      .expect(400);
    expect(longName.body.errors).toEqual({ name: MESSAGES.tooLong(LIMITS.locationName.max) });
  });

  it('refuses control characters and bidirectional overrides in names, and malformed links', async () => {
    const name = await api(testApp).post('/user/save-athlete-profile', { athlete_personal_info: { last_name: 'Smith\u202egnp.exe' } }, athlete.token).expect(400);
    expect(name.body.errors).toEqual({ 'athlete_personal_info.last_name': MESSAGES.forbiddenCharacters });
    const location = await api(testApp)
      .post('/athlete/locations', { name: 'Gym\u0007', address: 'Somewhere', latitude: 34, longitude: -118, radius: 4 }, athlete.token)
      .expect(400);
    expect(location.body.errors).toEqual({ name: MESSAGES.forbiddenCharacters });
    const link = await api(testApp)
      .post('/user/save-athlete-profile', { athlete_personal_info: { instagram_link: 'https://x.com/"><script>' } }, athlete.token)
      .expect(400);
    expect(link.body.errors).toEqual({ 'athlete_personal_info.instagram_link': MESSAGES.invalidLink });
  });

  it('refuses phone numbers that are not +1 and ten digits instead of rewriting them', async () => {
    for (const phone of ['call me at 555 123 4567', '+64 9 123 4567', '+1555123456a']) {
      const response = await api(testApp)
        .post('/user/email-verifications', { user_type: UserType.Fan, email: uniqueEmail(), password: 'correct horse battery', phone, eula_accepted: true })
        .expect(400);
      expect(response.body.errors).toEqual({ phone: MESSAGES.phoneIncorrect });
    }
    const accepted = await signUp(testApp, UserType.Fan);
    expect(accepted.response.body.account.phone).toBe('+15551234567');
  });

  it('refuses a photo whose header declares more pixels than the cap, before decoding it', async () => {
    // A real 8x8 PNG whose header is rewritten to declare 16000x16000 (the attack: a small file
    // that decodes to a gigabyte). Its pixel data no longer matches, so only a check of the header
    // before decoding answers the pixel error rather than the unreadable-image one.
    const huge = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    huge.writeUInt32BE(16_000, 16);
    huge.writeUInt32BE(16_000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    const response = await request(testApp.server)
      .post('/api/v1/user/upload-photo')
      .set('x-access-token', athlete.token)
      .attach('photo', huge, { filename: 'huge.png', contentType: 'image/png' });
    expect(response.status).toBe(413);
    expect(response.body.errors).toEqual({ photo: MESSAGES.imageUploadFailed(1) });
  });

  describe('malformed multipart on an upload route', () => {
    const head = (contentType: string, length: number) =>
      `POST /api/v1/user/upload-photo HTTP/1.1\r\nHost: x\r\nx-access-token: ${athlete.token}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`;
    const part = '--XYZ\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc\r\n';
    const cases: Array<[string, string, string]> = [
      ['no boundary', 'multipart/form-data', `${part}--XYZ--\r\n`],
      ['a boundary other than the body', 'multipart/form-data; boundary=OTHER', `${part}--XYZ--\r\n`],
      ['junk after the closing boundary', 'multipart/form-data; boundary=XYZ', `${part}--XYZ--\r\n\u0000\u0001junk`],
      ['a part without Content-Disposition', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Type: image/jpeg\r\n\r\nabc\r\n--XYZ--\r\n'],
      ['no closing boundary', 'multipart/form-data; boundary=XYZ', part],
    ];
    it.each(cases)('%s: answered with the envelope below 500', async (_name, contentType, body) => {
      const raw = await rawExchange(testApp, head(contentType, Buffer.byteLength(body)) + body);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expectEnvelope(bodyOf(raw), status);
    });
  });

  it('closes a connection that goes silent half way through a body (HTTP_IDLE_TIMEOUT_SECONDS)', async () => {
    // The shortest idle bound the notification stream's heartbeat (1 s, its least) stays inside.
    const impatient = await createTestApp({ database: testApp.database, env: { HTTP_IDLE_TIMEOUT_SECONDS: '2', NOTIFICATIONS_HEARTBEAT_SECONDS: '1' } });
    try {
      const started = Date.now();
      // Declares 1000 bytes, sends 10, then waits: without an idle bound the socket is held forever.
      const raw = await rawExchange(impatient, 'POST /api/v1/user/sign-ins HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":', 8_000);
      expect(raw).toBe('');
      expect(Date.now() - started).toBeLessThan(6_000);
    } finally {
      await impatient.close();
    }
  });

  it('answers headers over 16 KB with the envelope (431)', async () => {
    const raw = await rawExchange(testApp, `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`);
    expect(raw).toMatch(/^HTTP\/1\.1 431/);
    expectEnvelope(bodyOf(raw), 431);
    const url = await rawExchange(testApp, `GET /api/v1/public/athletes/search?filter=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(url).toMatch(/^HTTP\/1\.1 431/);
    expectEnvelope(bodyOf(url), 431);
  });

  it('answers a path whose percent-encoding does not decode with the envelope', async () => {
    const response = await request(testApp.server).get('/api/v1/media/%E0%A4%A');
    expect(response.status).toBe(400);
    expectEnvelope(response.body, 400);
  });
});
