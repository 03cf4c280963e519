import request from 'supertest';
import { ERROR_MESSAGES, ErrorCode, MESSAGES } from '@huddle/domain';
import { CapturingLogger } from './support/capturing-logger';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';
import { LEAKY_ERROR_TEXT, ProbeModule } from './support/probe.module';

describe('response envelope', () => {
  let testApp: TestApp;
  const logger = new CapturingLogger();

  beforeAll(async () => {
    testApp = await createTestApp({ imports: [ProbeModule], logger });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('adds status_response to successful replies next to the resource fields', async () => {
    const response = await request(testApp.server).post('/api/v1/probe/echo').send({ email: 'ann@example.com', first_name: 'Ann' }).expect(201);
    expect(response.body).toEqual({
      received: { email: 'ann@example.com', first_name: 'Ann' },
      status_response: { status: 201, response_message: 'OK', response_internal_code: 0 },
    });
  });

  it('strips fields the DTO does not declare', async () => {
    const response = await request(testApp.server).post('/api/v1/probe/echo').send({ email: 'ann@example.com', first_name: 'Ann', role: 4 }).expect(201);
    expect(response.body.received).toEqual({ email: 'ann@example.com', first_name: 'Ann' });
  });

  it('answers an unknown route with NotFound', async () => {
    const response = await request(testApp.server).get('/api/v1/no-such-route').expect(404);
    expect(response.body).toEqual({
      status_response: { status: 404, response_message: ERROR_MESSAGES[ErrorCode.NotFound], response_internal_code: ErrorCode.NotFound },
    });
  });

  it('answers validation failures with per-field messages; the first field gives the message', async () => {
    const response = await request(testApp.server)
      .post('/api/v1/probe/echo')
      .send({ first_name: '', username: 'ab', address: {} })
      .expect(400);
    expect(response.body).toEqual({
      status_response: { status: 400, response_message: MESSAGES.emailRequired, response_internal_code: ErrorCode.ValidationFailed },
      errors: {
        email: MESSAGES.emailRequired,
        first_name: MESSAGES.required,
        username: MESSAGES.usernameInvalid,
        'address.city': MESSAGES.required,
      },
    });
  });

  it('reports a malformed field by its format message', async () => {
    const response = await request(testApp.server).post('/api/v1/probe/echo').send({ email: 'nope', first_name: 'Ann' }).expect(400);
    expect(response.body.errors).toEqual({ email: MESSAGES.emailInvalid });
  });

  it('answers malformed JSON as a client error, not a crash', async () => {
    const response = await request(testApp.server).post('/api/v1/probe/echo').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(response.body.status_response.response_internal_code).toBe(ErrorCode.ValidationFailed);
  });

  it('answers a DomainError with its internal code, catalogue message and mapped status', async () => {
    const response = await request(testApp.server).get('/api/v1/probe/domain-error').expect(409);
    expect(response.body).toEqual({
      status_response: { status: 409, response_message: 'Email is taken already', response_internal_code: ErrorCode.EmailTaken },
      errors: { email: 'Email is taken already' },
    });
  });

  it('answers an unexpected error with Internal, leaks nothing of it, and logs it with its stack', async () => {
    const response = await request(testApp.server).get('/api/v1/probe/crash').expect(500);
    expect(response.body).toEqual({
      status_response: { status: 500, response_message: ERROR_MESSAGES[ErrorCode.Internal], response_internal_code: ErrorCode.Internal },
    });
    expect(response.text).not.toContain(LEAKY_ERROR_TEXT);
    expect(response.text).not.toContain('at ');
    expect(logger.errors.join('\n')).toContain('GET /api/v1/probe/crash failed');
    expect(logger.errors.join('\n')).toContain(LEAKY_ERROR_TEXT);
    expect(logger.errors.join('\n')).toContain('probe.module.ts');
  });

  it('answers throttled callers with TooManyRequests', async () => {
    await request(testApp.server).get('/api/v1/probe/throttled').expect(200);
    const response = await request(testApp.server).get('/api/v1/probe/throttled').expect(429);
    expect(response.body.status_response).toEqual({
      status: 429,
      response_message: ERROR_MESSAGES[ErrorCode.TooManyRequests],
      response_internal_code: ErrorCode.TooManyRequests,
    });
  });

  it('allows credentialed CORS from the shell and remotes only', async () => {
    const allowed = await request(testApp.server).options('/api/v1/health').set('Origin', 'http://localhost:4202').set('Access-Control-Request-Method', 'GET');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:4202');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');

    const answer = await request(testApp.server).get('/api/v1/health').set('Origin', 'http://localhost:4202');
    expect(answer.headers['access-control-expose-headers']).toBe('x-access-token');

    const foreign = await request(testApp.server).options('/api/v1/health').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'GET');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});
