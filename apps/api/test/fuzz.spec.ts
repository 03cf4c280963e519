import { readdir } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import request from 'supertest';
import type { Response } from 'supertest';
import type { UserTypeCode } from '@huddle/domain';
import { AppConfig } from '../src/config/app-config';
import { createSignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

/**
 * A black-box probe of every route the API documents, generated from the OpenAPI document the
 * app serves (so a route added later is probed without touching this file). Each parameter and
 * body field gets hostile values of its kind, sent as a guest and as an account of a role the
 * route accepts. Every answer must be the status_response envelope with a status below 500,
 * within a bound (a hang check, not a performance one), and a batch of refused writes must leave
 * every table as it was.
 */

const SEED = 20_261_123;
/** Per request: a hang, not slowness, is what this catches. */
const ANSWER_WITHIN_MS = 10_000;
/** Malformed multipart forms must be answered sooner: the parser has everything it needs. */
const MULTIPART_ANSWER_WITHIN_MS = 5_000;
/**
 * The app's HTTP_IDLE_TIMEOUT_SECONDS here: a slow drip must be answered or closed within a window
 * of it (the upload interceptor's minimum rate), and 2 s keeps that inside the 5 s bound.
 */
const IDLE_TIMEOUT_SECONDS = 2;
const PREFIX = '/api/v1';
/** Tables that change on any request by design: the rate-limit counters, the migration log. */
const VOLATILE_TABLES = new Set(['rate_limit_counters', 'migrations']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  enum?: unknown[];
}

interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
}

interface Operation {
  /** A route that answers with a stream that stays open (the notification stream). */
  'x-stream'?: boolean;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  security?: unknown[];
  'x-roles'?: number[];
}

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** One request of the probe: what it sends, described for the failure report. */
interface Probe {
  label: string;
  /** Requests of one group share a stored-state check. */
  group: string;
  send: (token: string | null) => request.Test;
}

const deep = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const deepArray = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

// fast-check's samples with a fixed seed: the same "random" strings on every run.
const randomStrings = fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), { seed: SEED, numRuns: 4 });
const randomNumbers = fc.sample(fc.double(), { seed: SEED, numRuns: 3 });

/** Hostile values for a field of the given schema type (JSON bodies). */
function hostileValues(schema: Schema): Json[] {
  const common: Json[] = [null, [], {}, 'a\u0000b', true];
  const strings: Json[] = [
    '',
    ' ',
    'x'.repeat(100_000),
    '\u202eevil\u202c',
    'line\nbreak\r\u0007',
    '%E0%A4%A',
    '\ud800',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    'NaN',
    '1e308',
    '-1',
    ...randomStrings,
  ];
  const numbers: Json[] = [1e308, -1e308, 3_000_000_000, -2_147_483_649, 0.5, -0, 0, Number.MAX_SAFE_INTEGER + 2, 'NaN', 'Infinity', '12', ...randomNumbers];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return [...common, ...numbers];
    case 'boolean':
      return [...common, 'true', 0, 1];
    case 'array':
      return [...common, 'x', [null], [[]], Array.from({ length: 10_000 }, (_, index) => index), ['a\u0000b'], [{}]];
    case 'object':
      return [...common, 'x', 1];
    default:
      return [...common, ...strings, 1, 1e308, ['x']];
  }
}

/** Hostile values for a query, path, header or cookie parameter, as raw (already encoded) text. */
const RAW_TEXT: string[] = [
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%ZZ',
  '%',
  'x'.repeat(20_000),
  'x'.repeat(5_000),
  '%E2%80%AEevil',
  '-1',
  '1e308',
  '3000000000',
  'NaN',
  '',
  '%27%20OR%201%3D1',
  '..%2F..%2Fetc%2Fpasswd',
  ...randomStrings.map((value) => encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))),
];

function resolve(schema: Schema | undefined, document: OpenApi, seen = 0): Schema {
  if (!schema || seen > 10) return {};
  if (schema.$ref) return resolve(document.components.schemas[schema.$ref.replace('#/components/schemas/', '')], document, seen + 1);
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => resolve(part, document, seen + 1));
    return { type: 'object', properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})) };
  }
  return schema;
}

/** Every field path of a body schema, nested objects (and objects in arrays) included. */
function fieldPaths(schema: Schema, document: OpenApi, prefix: string[] = [], depth = 0): Array<{ path: string[]; schema: Schema }> {
  const resolved = resolve(schema, document);
  const fields: Array<{ path: string[]; schema: Schema }> = [];
  for (const [name, child] of Object.entries(resolved.properties ?? {})) {
    const field = resolve(child, document);
    const path = [...prefix, name];
    fields.push({ path, schema: field });
    if (depth < 3 && field.properties) fields.push(...fieldPaths(field, document, path, depth + 1));
    if (depth < 3 && field.type === 'array' && field.items) {
      const items = resolve(field.items, document);
      if (items.properties) fields.push(...fieldPaths(items, document, [...path, '0'], depth + 1));
    }
  }
  return fields;
}

/** { a: { b: value } } for path ['a', 'b']; a '0' segment makes an array. */
function nest(path: string[], value: Json): Json {
  return path.reduceRight<Json>((inner, key) => (key === '0' ? [inner] : { [key]: inner }), value);
}

function withAuth(call: request.Test, token: string | null, deadline = ANSWER_WITHIN_MS): request.Test {
  return (token ? call.set('x-access-token', token) : call).timeout({ deadline });
}

type Generator = (server: TestApp['server'], method: string, path: string, operation: Operation, document: OpenApi) => Probe[];

const concretePath = (path: string, values: Record<string, string> = {}): string =>
  PREFIX + path.replace(/\{([^}]+)\}/g, (_match, name: string) => values[name] ?? 'images/x.jpg');

/** Generators per parameter location: a location with none fails the suite. */
const PARAMETER_GENERATORS: Record<string, Generator> = {
  query: (server, method, path, operation) =>
    (operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'query')
      .flatMap((parameter) => {
        const raws = [...RAW_TEXT.map((raw) => `${parameter.name}=${raw}`), `${parameter.name}=1&${parameter.name}=2`, `${parameter.name}[a]=1`, `${parameter.name}[]=x`];
        return raws.map((query) => ({
          label: `${method.toUpperCase()} ${path}?${query.slice(0, 60)}`,
          group: `${method} ${path} query ${parameter.name}`,
          send: (token) => withAuth(request(server)[method as 'get'](`${concretePath(path)}?${query}`), token),
        }));
      }),
  path: (server, method, path, operation) =>
    (operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'path')
      .flatMap((parameter) =>
        RAW_TEXT.map((raw) => ({
          label: `${method.toUpperCase()} ${path} {${parameter.name}}=${raw.slice(0, 60)}`,
          group: `${method} ${path} path ${parameter.name}`,
          send: (token: string | null) => withAuth(request(server)[method as 'get'](concretePath(path, { [parameter.name]: raw })), token),
        })),
      ),
  header: (server, method, path, operation) =>
    (operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'header')
      .flatMap((parameter) =>
        ['', 'x'.repeat(8_000), '-1', '1e308', 'NaN', '%00'].map((value) => ({
          label: `${method.toUpperCase()} ${path} header ${parameter.name}=${value.slice(0, 40)}`,
          group: `${method} ${path} header ${parameter.name}`,
          send: (token: string | null) => withAuth(request(server)[method as 'get'](concretePath(path)).set(parameter.name, value), token),
        })),
      ),
  cookie: (server, method, path, operation) =>
    (operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'cookie')
      .flatMap((parameter) =>
        ['', 'x'.repeat(8_000), '%00', '%E0%A4%A'].map((value) => ({
          label: `${method.toUpperCase()} ${path} cookie ${parameter.name}=${value.slice(0, 40)}`,
          group: `${method} ${path} cookie ${parameter.name}`,
          send: (token: string | null) => withAuth(request(server)[method as 'get'](concretePath(path)).set('Cookie', `${parameter.name}=${value}`), token),
        })),
      ),
};

const MULTIPART_HEAD = '--XYZ\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';

/** Generators per request body media type: a media type with none fails the suite. */
const BODY_GENERATORS: Record<string, Generator> = {
  'application/json': (server, method, path, operation, document) => {
    const schema = resolve(operation.requestBody?.content['application/json']?.schema, document);
    const call = (body: string | Json) => {
      const started = request(server)[method as 'post'](concretePath(path));
      return started.set('content-type', 'application/json').send(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const whole: Array<[string, string]> = [
      ['deep object', deep(10_000)],
      ['deep array', deepArray(10_000)],
      ['not JSON', '{"a":'],
      ['null', 'null'],
      ['array', '[1,2]'],
      ['string', '"x"'],
      ['NUL key', '{"a\\u0000":1}'],
      ['__proto__', '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}'],
      ['2 MB', JSON.stringify({ x: 'x'.repeat(2_000_000) })],
    ];
    const probes: Probe[] = whole.map(([name, body]) => ({
      label: `${method.toUpperCase()} ${path} body ${name}`,
      group: `${method} ${path} whole body`,
      send: (token) => withAuth(call(body), token),
    }));
    for (const field of fieldPaths(schema, document)) {
      for (const [index, value] of hostileValues(field.schema).entries()) {
        probes.push({
          label: `${method.toUpperCase()} ${path} ${field.path.join('.')} = #${index} ${JSON.stringify(value)?.slice(0, 40)}`,
          group: `${method} ${path} ${field.path.join('.')}`,
          send: (token) => withAuth(call(nest(field.path, value)), token),
        });
      }
    }
    return probes;
  },
  'application/x-www-form-urlencoded': (server, method, path, operation, document) => {
    const schema = resolve(operation.requestBody?.content['application/x-www-form-urlencoded']?.schema, document);
    return Object.keys(schema.properties ?? {}).flatMap((name) =>
      [...RAW_TEXT.map((raw) => `${name}=${raw}`), `${name}=1&${name}=2`, `${name}[a]=1`].map((form) => ({
        label: `${method.toUpperCase()} ${path} form ${form.slice(0, 60)}`,
        group: `${method} ${path} form ${name}`,
        send: (token: string | null) => withAuth(request(server)[method as 'post'](concretePath(path)).set('content-type', 'application/x-www-form-urlencoded').send(form), token),
      })),
    );
  },
  'multipart/form-data': (server, method, path) => {
    const forms: Array<[string, string, string]> = [
      ['no boundary', 'multipart/form-data', `${MULTIPART_HEAD}abc\r\n--XYZ--\r\n`],
      ['other boundary', 'multipart/form-data; boundary=OTHER', `${MULTIPART_HEAD}abc\r\n--XYZ--\r\n`],
      ['junk after the end', 'multipart/form-data; boundary=XYZ', `${MULTIPART_HEAD}abc\r\n--XYZ--\r\n\u0000junk`],
      ['no Content-Disposition', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Type: image/jpeg\r\n\r\nabc\r\n--XYZ--\r\n'],
      ['no closing boundary', 'multipart/form-data; boundary=XYZ', `${MULTIPART_HEAD}abc\r\n`],
      ['empty', 'multipart/form-data; boundary=XYZ', ''],
      ['text named .jpg', 'multipart/form-data; boundary=XYZ', `${MULTIPART_HEAD}just some text\r\n--XYZ--\r\n`],
      ['NUL filename', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="photo"; filename="a\u0000.jpg"\r\n\r\nabc\r\n--XYZ--\r\n'],
      ['text field', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="note"\r\n\r\na\u0000b\r\n--XYZ--\r\n'],
      ['unknown file field', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="other"; filename="a.jpg"\r\n\r\nabc\r\n--XYZ--\r\n'],
      ['no Content-Disposition, then a field', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Type: video/mp4\r\n\r\nabc\r\n--XYZ\r\nContent-Disposition: form-data; name="request_id"\r\n\r\n1\r\n--XYZ--\r\n'],
      ['no Content-Disposition, no closing boundary', 'multipart/form-data; boundary=XYZ', `--XYZ\r\nContent-Type: video/mp4\r\n\r\n${'x'.repeat(200_000)}`],
      ['no part headers at all', 'multipart/form-data; boundary=XYZ', '--XYZ\r\n\r\nabc\r\n--XYZ--\r\n'],
    ];
    return forms.map(([name, contentType, body]) => ({
      label: `${method.toUpperCase()} ${path} multipart ${name}`,
      group: `${method} ${path} multipart`,
      send: (token) =>
        withAuth(request(server)[method as 'post'](concretePath(path)).set('content-type', contentType).send(Buffer.from(body, 'latin1')), token, MULTIPART_ANSWER_WITHIN_MS),
    }));
  },
};

/** The probes of one operation; throws when the document holds a kind nothing here can fuzz. */
function probesFor(server: TestApp['server'], method: string, path: string, operation: Operation, document: OpenApi): Probe[] {
  const probes: Probe[] = [];
  const locations = new Set((operation.parameters ?? []).map((parameter) => parameter.in));
  for (const location of locations) {
    const generator = PARAMETER_GENERATORS[location];
    if (!generator) throw new Error(`${method.toUpperCase()} ${path}: no fuzz generator for parameters in ${location}`);
    probes.push(...generator(server, method, path, operation, document));
  }
  for (const mediaType of Object.keys(operation.requestBody?.content ?? {})) {
    const generator = BODY_GENERATORS[mediaType];
    if (!generator) throw new Error(`${method.toUpperCase()} ${path}: no fuzz generator for request bodies of ${mediaType}`);
    probes.push(...generator(server, method, path, operation, document));
  }
  // Routes with nothing to vary still get an unexpected body and query.
  if (probes.length === 0) {
    probes.push(
      { label: `${method.toUpperCase()} ${path} stray query`, group: `${method} ${path} stray`, send: (token) => withAuth(request(server)[method as 'get'](`${concretePath(path)}?a=%00&b[c]=1`), token) },
      {
        label: `${method.toUpperCase()} ${path} stray deep body`,
        group: `${method} ${path} stray`,
        send: (token) => withAuth(request(server)[method as 'post'](concretePath(path)).set('content-type', 'application/json').send(deep(10_000)), token),
      },
    );
  }
  return probes;
}

/**
 * For streaming routes: an answer that opens the event stream counts as answered once its headers
 * came (the stream itself never ends); any other answer is read whole, as usual.
 */
function untilHeadersOfAStream(response: Response, done: (error: Error | null, body: unknown) => void): void {
  // superagent hands the parser the Node response (an IncomingMessage), typed as its own Response.
  const incoming = response as unknown as IncomingMessage;
  if (/^text\/event-stream/.test(incoming.headers['content-type'] ?? '')) {
    incoming.destroy();
    done(null, {});
    return;
  }
  let text = '';
  incoming.setEncoding('utf8');
  incoming.on('data', (chunk: string) => (text += chunk));
  incoming.on('end', () => {
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, { text });
    }
  });
}

/** What is wrong with an answer, or null: below 500, the envelope on every JSON answer and every error. */
function problemWith(response: Response): string | null {
  if (response.status >= 500) return `answered ${response.status}: ${JSON.stringify(response.body).slice(0, 200)}`;
  const isJson = /application\/json/.test(response.headers['content-type'] ?? '');
  if (response.status >= 400 || (isJson && response.status < 300)) {
    const envelope = (response.body as { status_response?: { status?: unknown; response_message?: unknown } } | undefined)?.status_response;
    if (!envelope || envelope.status !== response.status || typeof envelope.response_message !== 'string') {
      return `answered ${response.status} without the envelope: ${(response.text ?? '').slice(0, 200)}`;
    }
  }
  return null;
}

/** One digest per table of every row (volatile tables left out), to tell whether a batch wrote anything. */
async function digestOfTables(testApp: TestApp): Promise<Record<string, string>> {
  const tables: Array<{ name: string }> = await testApp.dataSource.query(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const watched = tables.map((table) => table.name).filter((name) => !VOLATILE_TABLES.has(name));
  const sql = watched.map((name) => `SELECT '${name}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${name}" t`).join(' UNION ALL ');
  const rows: Array<{ name: string; digest: string }> = await testApp.dataSource.query(sql);
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

/** Every file under the app's DATA_DIR (media, upload staging): a refused upload leaves none behind. */
async function filesOf(testApp: TestApp): Promise<string[]> {
  const entries = await readdir(testApp.get(AppConfig).DATA_DIR, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => `${entry.parentPath}/${entry.name}`).sort();
}

function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name]);
}

/** The account kind a role code names: user_type, or user_type + 10 for an unfinished profile. */
function actorFor(roles: number[]): { userType: UserTypeCode; profileCompleted: boolean } | null {
  const code = roles.find((role) => role >= 1);
  if (code === undefined) return null;
  return code > 10 ? { userType: (code - 10) as UserTypeCode, profileCompleted: false } : { userType: code as UserTypeCode, profileCompleted: true };
}

describe('fuzz: every documented route answers hostile input with the envelope, below 500, in time, writing nothing when it refuses', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({
      // Limits high enough that the probe reaches validation instead of stopping at 429.
      env: {
        SIGN_IN_MAX_PER_IP: '1000000',
        SIGN_IN_MAX_PER_EMAIL: '1000000',
        PASSWORD_RESET_MAX_PER_IP: '1000000',
        PASSWORD_RESET_MAX_PER_EMAIL: '1000000',
        PASSWORD_RESET_CONFIRM_MAX: '1000000',
        // Business sign-in on, so its routes are probed past the 1503 a server without a provider answers.
        BUSINESS_SIGN_IN_SANDBOX: 'true',
      },
    });
  }, 180_000);

  afterAll(async () => {
    await testApp.close();
  });

  // The document grows with every feature, so the probe runs in parts, each within its own time
  // limit: part k takes every PARTS-th route from the k-th on, and the last test checks that the
  // parts together covered the whole document.
  const PARTS = 6;
  let documentOnce: Promise<OpenApi> | null = null;
  const servedDocument = () =>
    (documentOnce ??= request(testApp.server)
      .get('/api/docs-json')
      .expect(200)
      .then((response) => response.body as OpenApi));
  const covered = { routes: 0, sent: 0, parts: 0 };

  async function probePart(part: number): Promise<string[]> {
    const document = await servedDocument();
    const failures: string[] = [];
    let index = -1;

    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
        index += 1;
        if (index % PARTS !== part) continue;
        covered.routes += 1;
        const probes = probesFor(testApp.server, method, path, operation, document);
        const actor = operation.security ? actorFor(operation['x-roles'] ?? []) : null;
        // A fresh account per route: a probe that signs out or deletes it must not spoil the next route.
        const token = actor ? (await createSignedIn(testApp, actor.userType, { profileCompleted: actor.profileCompleted })).token : null;
        const callers: Array<string | null> = actor ? [null, token] : [null];

        const groups = new Map<string, Probe[]>();
        for (const probe of probes) groups.set(probe.group, [...(groups.get(probe.group) ?? []), probe]);
        for (const [group, members] of groups) {
          const before = method === 'get' ? null : await digestOfTables(testApp);
          const filesBefore = method === 'get' ? null : await filesOf(testApp);
          let everyOneRefused = true;
          for (const caller of callers) {
            for (const probe of members) {
              covered.sent += 1;
              const who = caller ? 'signed in' : 'guest';
              try {
                const response = operation['x-stream'] ? await probe.send(caller).buffer(false).parse(untilHeadersOfAStream) : await probe.send(caller);
                const problem = problemWith(response);
                if (problem) failures.push(`${probe.label} (${who}): ${problem}`);
                if (response.status < 400) everyOneRefused = false;
              } catch (error) {
                failures.push(`${probe.label} (${who}): no answer (${error instanceof Error ? error.message : String(error)})`);
              }
            }
          }
          if (before && everyOneRefused) {
            const changed = changedTables(before, await digestOfTables(testApp));
            if (changed.length > 0) failures.push(`${group}: refused requests changed ${changed.join(', ')}`);
            const files = await filesOf(testApp);
            if (JSON.stringify(files) !== JSON.stringify(filesBefore)) failures.push(`${group}: refused requests left files ${files.filter((file) => !filesBefore?.includes(file)).join(', ')}`);
          }
        }
      }
    }
    covered.parts += 1;
    return failures;
  }

  for (let part = 0; part < PARTS; part += 1) {
    it(`probes part ${part + 1} of ${PARTS} of the routes of the served document`, async () => {
      expect(await probePart(part)).toEqual([]);
    }, 240_000);
  }

  it('probed every route of the served document, in all its parts', async () => {
    const document = await servedDocument();
    const documented = Object.values(document.paths).flatMap((item) => Object.keys(item).filter((method) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))).length;
    // The probe covers the document as served; a route added later is probed the same way.
    expect(covered.parts).toBe(PARTS);
    expect(covered.routes).toBe(documented);
    expect(covered.routes).toBeGreaterThanOrEqual(30);
    expect(covered.sent).toBeGreaterThan(3_000);
    // The figure of the report: what was probed (each part above found nothing to report).
    process.stdout.write(`fuzz: ${covered.routes} operations of the served document, ${covered.sent} hostile requests, none answered 500 or above or outside the envelope, each within ${ANSWER_WITHIN_MS / 1000} s (malformed multipart within ${MULTIPART_ANSWER_WITHIN_MS / 1000} s)\n`);
  });
});

/**
 * A slow drip on one connection: the head of a form whose Content-Length promises much more,
 * then a few bytes at a time, each well inside the idle timeout, so the socket never goes silent.
 * Resolves with how long the server took to answer or close, and what it answered.
 */
function drip(testApp: TestApp, method: string, path: string, token: string | null, forMs: number): Promise<{ afterMs: number; answer: string; closed: boolean }> {
  const { port } = testApp.server.address() as AddressInfo;
  const part = '--XYZ\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n';
  const head =
    `${method.toUpperCase()} ${PREFIX}${path} HTTP/1.1\r\nHost: x\r\n${token ? `x-access-token: ${token}\r\n` : ''}` +
    `Content-Type: multipart/form-data; boundary=XYZ\r\nContent-Length: 1000000\r\n\r\n${part}`;
  return new Promise((resolveDrip) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let answeredAt: number | null = null;
    const ticker = setInterval(() => socket.writable && socket.write('\u0000'.repeat(16)), 250);
    const finish = (closed: boolean) => {
      clearInterval(ticker);
      clearTimeout(deadline);
      socket.destroy();
      resolveDrip({ afterMs: (answeredAt ?? Date.now()) - started, answer, closed });
    };
    const deadline = setTimeout(() => finish(false), forMs);
    socket.on('data', (chunk) => {
      answeredAt ??= Date.now();
      answer += chunk.toString('latin1');
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
    socket.write(head);
  });
}

describe('fuzz: a slow drip on every multipart route', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    // A short idle timeout, so the minimum pace of an upload is judged within the 5 s bound.
    testApp = await createTestApp({ env: { HTTP_IDLE_TIMEOUT_SECONDS: String(IDLE_TIMEOUT_SECONDS), NOTIFICATIONS_HEARTBEAT_SECONDS: '1' } });
  }, 180_000);

  afterAll(async () => {
    await testApp.close();
  });

  it('answers or closes a slow drip on every multipart route within the idle timeout, keeping nothing', async () => {
    const document = (await request(testApp.server).get('/api/docs-json').expect(200)).body as OpenApi;
    await new Promise<void>((resolveListen) => (testApp.server.listening ? resolveListen() : testApp.server.listen(0, '127.0.0.1', resolveListen)));
    const failures: string[] = [];
    let routes = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!operation.requestBody?.content['multipart/form-data']) continue;
        routes += 1;
        const actor = operation.security ? actorFor(operation['x-roles'] ?? []) : null;
        const token = actor ? (await createSignedIn(testApp, actor.userType, { profileCompleted: actor.profileCompleted })).token : null;
        const [tablesBefore, filesBefore] = [await digestOfTables(testApp), await filesOf(testApp)];
        const result = await drip(testApp, method, path, token, IDLE_TIMEOUT_SECONDS * 1000 + MULTIPART_ANSWER_WITHIN_MS);
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(result.answer)?.[1] ?? 0);
        const label = `${method.toUpperCase()} ${path} slow drip`;
        if (result.afterMs > MULTIPART_ANSWER_WITHIN_MS || (!result.closed && result.answer === '')) failures.push(`${label}: no answer or close within ${result.afterMs} ms`);
        if (result.answer !== '' && (status >= 500 || !result.answer.includes('"status_response"'))) failures.push(`${label}: answered ${result.answer.slice(0, 200)}`);
        // The staging storage removes a broken-off file once the parser gives up: give it a moment.
        await new Promise((resolveWait) => setTimeout(resolveWait, 300));
        const changed = changedTables(tablesBefore, await digestOfTables(testApp));
        if (changed.length > 0) failures.push(`${label}: changed ${changed.join(', ')}`);
        const files = await filesOf(testApp);
        if (JSON.stringify(files) !== JSON.stringify(filesBefore)) failures.push(`${label}: left files ${files.filter((file) => !filesBefore.includes(file)).join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(routes).toBeGreaterThanOrEqual(4);
  }, 240_000);
});
