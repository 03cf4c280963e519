import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_MESSAGES, NETWORK_ERROR_CODE, UNKNOWN_ERROR_MESSAGE } from '@huddle/domain';
import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE, unwrap } from './index';
import type { Schemas } from './index';

interface Reply {
  status: number;
  contentType?: string;
  headers?: Record<string, string>;
  body: string;
}

const json = (status: number, body: unknown): Reply => ({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });
const envelope = (status: number, code: number, message: string) => ({ status_response: { status, response_message: message, response_internal_code: code } });

/** A real HTTP server whose next reply each test scripts, and which records what it received. */
describe('api client against a real HTTP server', () => {
  let server: Server;
  let baseUrl: string;
  let reply: Reply;
  let received: { method?: string; url?: string; headers: IncomingHttpHeaders };

  beforeAll(async () => {
    server = createServer((request, response) => {
      received = { method: request.method, url: request.url, headers: request.headers };
      response.statusCode = reply.status;
      if (reply.contentType) response.setHeader('Content-Type', reply.contentType);
      for (const [name, value] of Object.entries(reply.headers ?? {})) response.setHeader(name, value);
      response.end(reply.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function failureOf(call: Promise<unknown>): Promise<ApiError> {
    try {
      await call;
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
    throw new Error('expected the call to fail');
  }

  it('returns the data of a successful call, with its status_response', async () => {
    reply = json(200, { db: 'ok', ...envelope(200, 0, 'OK') });
    const data: Schemas['HealthResponse'] = await unwrap(createApiClient({ baseUrl }).GET('/health'));
    expect(data).toEqual({ db: 'ok', status_response: { status: 200, response_message: 'OK', response_internal_code: 0 } });
    expect(received.url).toBe('/api/v1/health');
  });

  it('shows the catalogue message for catalogue codes and keeps the field errors', async () => {
    reply = json(409, { ...envelope(409, 208, 'duplicate key value violates unique constraint'), errors: { email: 'Email is taken already' } });
    const error = await failureOf(unwrap(createApiClient({ baseUrl }).GET('/user/accounts')));
    expect(error).toMatchObject({ code: 208, status: 409, message: ERROR_MESSAGES[208], fieldErrors: { email: 'Email is taken already' } });
  });

  it("shows the server's message for other codes, such as a validation failure's first field", async () => {
    reply = json(400, { ...envelope(400, 1400, 'This field is required'), errors: { first_name: 'This field is required' } });
    const error = await failureOf(unwrap(createApiClient({ baseUrl }).GET('/user/accounts')));
    expect(error).toMatchObject({ code: 1400, status: 400, message: 'This field is required', fieldErrors: { first_name: 'This field is required' } });

    reply = json(418, envelope(418, 4242, 'A reason the client has never heard of'));
    expect(await failureOf(unwrap(createApiClient({ baseUrl }).GET('/health')))).toMatchObject({ code: 4242, message: 'A reason the client has never heard of' });
  });

  it('fails a reply that is not JSON with its HTTP status and body text', async () => {
    reply = { status: 502, contentType: 'text/html', body: 'Bad gateway' };
    expect(await failureOf(unwrap(createApiClient({ baseUrl }).GET('/health')))).toMatchObject({ code: 502, status: 502, message: 'Bad gateway' });
  });

  it('fails a 200 reply that is not JSON, such as a static server answering with index.html', async () => {
    reply = { status: 200, contentType: 'text/html', body: '<!doctype html><title>Huddle</title>' };
    expect(await failureOf(unwrap(createApiClient({ baseUrl }).GET('/public/meta/reference-data')))).toMatchObject({
      code: 200,
      status: 200,
      message: '<!doctype html><title>Huddle</title>',
    });
  });

  it("answers 'Unknown error occured' for JSON failures without an envelope", async () => {
    reply = json(500, { oops: true });
    expect(await failureOf(unwrap(createApiClient({ baseUrl }).GET('/health')))).toMatchObject({ code: 500, status: 500, message: UNKNOWN_ERROR_MESSAGE });
  });

  it("answers 'Unknown error occured' for anything else thrown", async () => {
    expect(await failureOf(unwrap(Promise.reject(new RangeError('out of range'))))).toMatchObject({ code: 0, status: 0, message: UNKNOWN_ERROR_MESSAGE });
  });

  it('fails with code -1 when no reply arrives', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failureOf(unwrap(createApiClient({ baseUrl: `http://127.0.0.1:${port}/api/v1` }).GET('/health')));
    expect(error).toMatchObject({ code: NETWORK_ERROR_CODE, status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('lets a cancelled call reject with its AbortError', async () => {
    reply = json(200, { db: 'ok', ...envelope(200, 0, 'OK') });
    const controller = new AbortController();
    controller.abort();
    await expect(unwrap(createApiClient({ baseUrl }).GET('/health', { signal: controller.signal }))).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends the token in x-access-token, but never a guest token', async () => {
    reply = json(200, { db: 'ok', ...envelope(200, 0, 'OK') });
    let token: string | undefined = 'a-session-token';
    const client = createApiClient({ baseUrl, getToken: () => token });

    await unwrap(client.GET('/health'));
    expect(received.headers['x-access-token']).toBe('a-session-token');

    token = 'guest:7c1f';
    await unwrap(client.GET('/health'));
    expect(received.headers['x-access-token']).toBeUndefined();

    token = undefined;
    await unwrap(client.GET('/health'));
    expect(received.headers['x-access-token']).toBeUndefined();
  });

  it('hands a renewed token from the answer to the client that holds its token, and sends it from then on', async () => {
    let token = 'old-token';
    const renewed: string[] = [];
    const client = createApiClient({
      baseUrl,
      getToken: () => token,
      onTokenRenewed: (fresh) => {
        renewed.push(fresh);
        token = fresh;
      },
    });
    reply = { ...json(200, { db: 'ok', ...envelope(200, 0, 'OK') }), headers: { 'x-access-token': 'new-token' } };
    await unwrap(client.GET('/health'));
    expect(renewed).toEqual(['new-token']);

    reply = json(200, { db: 'ok', ...envelope(200, 0, 'OK') });
    await unwrap(client.GET('/health'));
    expect(received.headers['x-access-token']).toBe('new-token');
    expect(renewed).toEqual(['new-token']);
  });
});
