import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, takeBootAnswer, unwrap } from './index';

/** The first screen's answers the page carries are used once, for that GET only; then the network answers. */
describe('answers the shell put in the page', () => {
  let server: Server;
  let origin: string;
  let requests: string[];
  const global = globalThis as unknown as { window?: unknown };

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ status_response: { status: 200, response_message: 'OK', response_internal_code: 0 }, athletes: [], total: 0, page: 1, page_size: 20, from: 'network' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  beforeEach(() => {
    requests = [];
    global.window = {
      location: { href: `${origin}/dashboard`, origin },
      __HUDDLE_BOOT__: { answers: { '/api/v1/public/athletes/search?field=name&page=1&page_size=20': { athletes: [{ athlete_id: 'a' }], total: 1, page: 1, page_size: 20, from: 'page' } } },
    };
  });

  afterAll(async () => {
    delete global.window;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers the first matching GET from the page, and asks the API the second time', async () => {
    const api = createApiClient({ baseUrl: `${origin}/api/v1` });
    const search = () => unwrap(api.GET('/public/athletes/search', { params: { query: { field: 'name', page: 1, page_size: 20 } } }));
    expect(await search()).toMatchObject({ from: 'page', total: 1 });
    expect(requests).toEqual([]);
    expect(await search()).toMatchObject({ from: 'network' });
    expect(requests).toEqual(['GET /api/v1/public/athletes/search?field=name&page=1&page_size=20']);
  });

  it('never answers another query, another method or another origin from the page', async () => {
    const key = `${origin}/api/v1/public/athletes/search?field=name&page=1&page_size=20`;
    expect(takeBootAnswer('POST', key)).toBeUndefined();
    expect(takeBootAnswer('GET', key.replace('page=1', 'page=2'))).toBeUndefined();
    expect(takeBootAnswer('GET', `http://evil.example/api/v1/public/athletes/search?field=name&page=1&page_size=20`)).toBeUndefined();
    expect(takeBootAnswer('GET', key)).toMatchObject({ from: 'page' });
    expect(takeBootAnswer('GET', key)).toBeUndefined();
  });
});
