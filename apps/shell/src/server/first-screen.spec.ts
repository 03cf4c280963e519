/**
 * @jest-environment node
 */
// The server renderer's two pieces that talk to the network: the remote's server build, loaded and
// checked again over real HTTP, and the fetch that makes a render's API requests the visitor's.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asVisitor, createRemoteApps, visitorFetch } from './first-screen';

const APP_V1 = 'exports.default = function App() { return require("react").createElement("p", null, "one"); };';
const APP_V2 = 'exports.default = function App() { return require("react").createElement("p", null, "two"); };';

let server: Server;
let origin: string;
/** What the fan remote's server serves now: a build, or a failure status. */
let served: { status: number; code: string };
let requests: { etag: string | undefined }[];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url !== '/fan/server/app.cjs') {
      res.writeHead(404).end();
      return;
    }
    requests.push({ etag: req.headers['if-none-match'] });
    const etag = `"${served.code.length}-${served.code.charCodeAt(served.code.length - 8)}${served.code.includes('two') ? 2 : 1}"`;
    if (served.status !== 200) res.writeHead(served.status).end();
    else if (req.headers['if-none-match'] === etag) res.writeHead(304).end();
    else res.writeHead(200, { etag, 'content-type': 'application/javascript' }).end(served.code);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  served = { status: 200, code: APP_V1 };
  requests = [];
});

/** Lets a check started in the background finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe("the remote's server build", () => {
  it('is loaded once, checked again after 30 s in the background with the copy in hand, and run again only when it changed', async () => {
    let now = 1_000_000;
    const remoteApp = createRemoteApps({ fan: `${origin}/fan/mf-manifest.json` }, () => now);
    const first = await remoteApp('fan');
    expect(await remoteApp('fan')).toBe(first);
    expect(requests).toHaveLength(1);

    // Unchanged: a conditional request, answered 304, the same App.
    now += 30_000;
    expect(await remoteApp('fan')).toBe(first);
    await settle();
    expect(requests).toHaveLength(2);
    expect(requests[1]!.etag).toBeDefined();
    expect(await remoteApp('fan')).toBe(first);

    // A new deployment: pages keep the copy in hand until the new build has loaded.
    served = { status: 200, code: APP_V2 };
    now += 30_000;
    expect(await remoteApp('fan')).toBe(first);
    await settle();
    const second = await remoteApp('fan');
    expect(second).not.toBe(first);
    expect(requests).toHaveLength(3);

    // The remote is down: the copy in hand stays.
    served = { status: 503, code: APP_V2 };
    now += 30_000;
    expect(await remoteApp('fan')).toBe(second);
    await settle();
    expect(await remoteApp('fan')).toBe(second);
    expect(requests).toHaveLength(4);
  });

  it('that never loaded is asked for again after 3 s, not on every page', async () => {
    let now = 1_000_000;
    served = { status: 503, code: '' };
    const remoteApp = createRemoteApps({ fan: `${origin}/fan/mf-manifest.json` }, () => now);
    await expect(remoteApp('fan')).rejects.toThrow(/answered 503/);
    await expect(remoteApp('fan')).rejects.toThrow(/a moment ago/);
    expect(requests).toHaveLength(1);
    served = { status: 200, code: APP_V1 };
    now += 3_000;
    await expect(remoteApp('fan')).resolves.toHaveProperty('default');
    expect(requests).toHaveLength(2);
  });

  it('gets the shared modules and no Node module', async () => {
    served = { status: 200, code: 'require("node:fs"); exports.default = function App() { return null; };' };
    await expect(createRemoteApps({ fan: `${origin}/fan/mf-manifest.json` })('fan')).rejects.toThrow(/requires node:fs, which the shell's server does not give a remote/);
  });
});

describe("a render's requests", () => {
  const API = 'http://127.0.0.1:3999';
  const sent: Request[] = [];
  const plain = (async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Request(input, init));
    return new Response('{}');
  }) as typeof fetch;
  const wrapped = visitorFetch(plain, API);

  beforeEach(() => {
    sent.length = 0;
  });

  it("carry the visitor's cookie and address to the API, and to nowhere else", async () => {
    const signal = new AbortController().signal;
    await asVisitor({ cookie: 'huddle_session=abc', forwardedFor: '203.0.113.7', signal }, async () => {
      await wrapped(`${API}/api/v1/public/athletes/search`);
      await wrapped('http://127.0.0.1:4201/server/app.cjs');
    });
    expect(sent.map((request) => [request.url, request.headers.get('cookie'), request.headers.get('x-forwarded-for')])).toEqual([
      [`${API}/api/v1/public/athletes/search`, 'huddle_session=abc', '203.0.113.7'],
      ['http://127.0.0.1:4201/server/app.cjs', null, null],
    ]);
  });

  it('go as they are outside a render, and are given up with the render', async () => {
    await wrapped(`${API}/api/v1/health`, { headers: { cookie: 'theirs=1' } });
    expect(sent[0]!.headers.get('cookie')).toBe('theirs=1');

    const render = new AbortController();
    await asVisitor({ signal: render.signal }, () => wrapped(`${API}/api/v1/public/athletes`));
    expect(sent[1]!.headers.get('cookie')).toBeNull();
    expect(sent[1]!.signal.aborted).toBe(false);
    render.abort();
    expect(sent[1]!.signal.aborted).toBe(true);
  });
});
