import { readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer, Reflector } from '@nestjs/core';
import request from 'supertest';
import { UserType } from '@huddle/domain';
import type { UserTypeCode } from '@huddle/domain';
import { nilDay } from '@huddle/domain/nil';
import { ACCESS_METADATA } from '../src/common/access/access.decorators';
import type { RouteAccess } from '../src/common/access/access.decorators';
import { findWorkspaceRoot } from '../src/config/workspace-root';
import { NotificationsService } from '../src/modules/notifications/notifications.service';
import { CALLERS, EXPECTED, OWNERS } from './authorization-matrix.expected';
import type { Caller, Expected, Owner, Resource } from './authorization-matrix.expected';
import { api } from './support/accounts-api';
import { book, bookAndPay, bookingPayload, createBookableAthlete, deliverVideo, settle } from './support/booking';
import { createAccount, createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { fixture } from './support/media';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

/**
 * Authorization proved from the contract (issue 25): every operation of the committed OpenAPI
 * document x every kind of caller x (for an operation naming a user-owned resource) the caller's
 * own resource and another user's, each answer compared with authorization-matrix.expected.ts.
 */

interface Operation {
  key: string;
  method: string;
  path: string;
  roles: number[] | undefined;
}

const DOCUMENT = JSON.parse(readFileSync(join(findWorkspaceRoot(__dirname), 'libs/api-client/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { 'x-roles'?: number[] }>>;
};
const OPERATIONS: Operation[] = Object.entries(DOCUMENT.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, roles: operation['x-roles'] })),
);

/** @nestjs/swagger's metadata keys of @ApiExcludeController and @ApiExcludeEndpoint (its package exports no constants). */
const EXCLUDED_CONTROLLER = 'swagger/apiExcludeController';
const EXCLUDED_ENDPOINT = 'swagger/apiExcludeEndpoint';

const ROLE_OF: Partial<Record<Caller, number>> = { fan: 1, athlete: 2, business: 3, admin: 4, fan11: 11, athlete12: 12, business13: 13 };
/** Whose resource a caller that owns none of this kind is tried on (always the first account's: "another user's"). */
const DEFAULT_HOLDER: Record<Resource, Owner> = {
  request: 'fan',
  endorsement: 'business',
  paidId: 'fan',
  videoChat: 'fan',
  draft: 'fan',
  finished: 'fan',
  campaign: 'business',
  export: 'business',
  nilDisclosure: 'athlete',
  location: 'athlete',
  notification: 'fan',
};
/** Operations that end the caller's session or account: each cell gets a caller of its own. */
const ENDS_THE_CALLER = new Set(['DELETE /user/sessions', 'DELETE /user/accounts/self']);
/** Operations on a user named in the body or query: each cell names an account of its own. */
const ON_A_USER = new Set(['GET /admin/requests/filter', 'POST /admin/user/block', 'POST /admin/user/delete', 'POST /admin/user/update', 'POST /mt/sync_by_id', 'POST /admin/user/upload-photo', 'POST /admin/user/upload-intro', 'GET /admin/user']);

type Side = 'A' | 'B';
interface Held {
  id: string;
  secret?: string;
}
type Holdings = Partial<Record<Resource, Record<Side, Held>>>;

interface Cell {
  operation: Operation;
  expected: Expected;
  caller: Caller;
  owner: 'own' | 'other' | null;
  verdict: 'allow' | 'deny';
}

/** Things the administrator's and the public routes are sent: a finished shoutout (nobody's "own" in those cells) and an athlete. */
interface Known {
  request: string;
  athlete: string;
}

interface Call {
  query?: Record<string, string>;
  body?: object;
  form?: Record<string, string>;
  multipart?: { fields: Record<string, string>; video?: boolean };
}

/** The minimal request of each operation that names something; every other one is sent bare (its validation answers). */
function callOf(key: string, id: string, secret: string | undefined, user: string, known: Known): Call {
  // The NIL report's day is New York's (nilDay): UTC's date is a day ahead of it every evening.
  const today = nilDay(new Date());
  const card = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' };
  switch (key) {
    case 'DELETE /athlete/locations':
      return { query: { location_id: id } };
    case 'GET /booking/request':
      return { query: { id } };
    case 'GET /admin/requests/by-id':
      return { query: { id: known.request } };
    case 'PUT /admin/requests/cancel':
    case 'PUT /admin/requests/approve':
      return { query: { request_id: known.request } };
    case 'GET /admin/requests/filter':
      return { query: { user_id: user } };
    case 'GET /public/athletes':
      return { query: { athlete_id: known.athlete } };
    case 'GET /public/athletes/shoutout-video':
      return { query: { id: known.request } };
    case 'GET /booking/request/paid':
      return { query: { paid_id: id } };
    case 'PUT /booking/request/accept':
      return { query: { request_id: id, disclosure_acknowledged: 'true' } };
    case 'GET /booking/request/video':
    case 'PUT /booking/request/decline':
    case 'PUT /booking/request/cancel':
    case 'PUT /booking/request/flag':
    case 'DELETE /booking/request/share':
    case 'POST /booking/request/share':
    case 'POST /payments/payment-sheet':
    case 'PUT /booking/request/start-video-chat':
    case 'GET /booking/request/video-chat':
    case 'PUT /booking/request/video-chat/leave':
    case 'GET /booking/request/complete-video-chat-check':
      return { query: { request_id: id } };
    case 'PUT /booking/request/approve':
    case 'PUT /booking/request/complete-video-chat':
      return { body: { request_id: id } };
    case 'PUT /booking/reviews':
      return { body: { request_id: id, rate: 5 } };
    case 'POST /booking/request/support':
      return { body: { request_id: id, message: 'Please help with this request' } };
    case 'POST /booking/request/video-chat/signal':
      return { body: { request_id: id, token: 'x'.repeat(43), kind: 'offer', data: '{"type":"offer","sdp":"v=0"}' } };
    case 'GET /booking/request/campaign':
      return { query: { endorsement_campaign: id } };
    case 'PUT /booking/request/campaign/cancel':
      return { query: { campaign_id: id } };
    case 'POST /payments/set-paid':
      return { form: { request_id: id } };
    case 'POST /athlete/shoutouts':
    case 'POST /athlete/endorsements':
      return { multipart: { fields: { request_id: id }, video: true } };
    case 'POST /payments/sandbox/confirm':
      return { body: { client_secret: secret, ...card } };
    case 'POST /payments/sandbox/authenticate':
      return { body: { client_secret: secret, approve: true } };
    case 'PUT /user/notifications/set_read':
    case 'DELETE /user/notifications/delete':
      return { body: { ids: [id] } };
    case 'POST /athlete/nil-disclosures/{id}/reported':
      return { body: { reported_on: today } };
    case 'POST /admin/user/block':
      return { body: { user_id: user, blocked: true } };
    case 'POST /admin/user/delete':
    case 'POST /admin/user/update':
    case 'POST /mt/sync_by_id':
      return { body: { user_id: user } };
    case 'GET /admin/user':
      return { query: { user_id: user } };
    case 'POST /admin/user/upload-photo':
    case 'POST /admin/user/upload-intro':
      return { query: { athlete_id: user } };
    default:
      return {};
  }
}

function verdictOf(expected: Expected, caller: Caller, owner: 'own' | 'other' | null): 'allow' | 'deny' {
  if (expected.allow === 'everyone') return 'allow';
  if (expected.allow.includes(caller)) return 'allow';
  return owner === 'own' && expected.allow.includes(`${caller}:own`) ? 'allow' : 'deny';
}

function cellsOf(operation: Operation): Cell[] {
  const expected = EXPECTED[operation.key];
  return CALLERS.flatMap((caller) => {
    const owners: Array<'own' | 'other' | null> = !expected.resource ? [null] : (OWNERS as readonly string[]).includes(caller) ? ['own', 'other'] : ['other'];
    return owners.map((owner) => ({ operation, expected, caller, owner, verdict: verdictOf(expected, caller, owner) }));
  });
}

/** Refusals first (they must change nothing), then reads, then writes, deletions last. */
function runOrder(cell: Cell): number {
  if (cell.verdict === 'deny') return 0;
  if (cell.operation.method === 'GET') return 1;
  return cell.operation.method === 'DELETE' ? 3 : 2;
}

describe('authorization matrix: every operation x caller x owner (issue 25)', () => {
  let testApp: TestApp;
  const accounts: Partial<Record<Caller, SignedIn>> = {};
  const second: Partial<Record<Owner, SignedIn>> = {};
  const holdings: Partial<Record<Owner, Holdings>> = {};

  const userTypeOf: Record<Exclude<Caller, 'guest' | 'guestToken' | 'blocked' | 'deleted'>, [UserTypeCode, boolean]> = {
    fan: [UserType.Fan, true],
    athlete: [UserType.Athlete, true],
    business: [UserType.Business, true],
    admin: [UserType.Admin, true],
    fan11: [UserType.Fan, false],
    athlete12: [UserType.Athlete, false],
    business13: [UserType.Business, false],
  };

  /** A shoutout booked by `requester`, paid, accepted and delivered (its watermark rendered once the jobs run). */
  async function deliveredShoutout(requester: SignedIn, athlete: SignedIn): Promise<string> {
    const id = await bookAndPay(testApp, requester, bookingPayload('shoutout', athlete.account.id));
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await deliverVideo(testApp, athlete, id);
    return id;
  }

  /** Books, pays and sets up the things each side owns; A is "own", B "other". */
  async function holdingsOf(fan: SignedIn, athlete: SignedIn, business: SignedIn): Promise<Record<Owner, Partial<Record<Resource, Held>>>> {
    const shoutout = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    const endorsement = await bookAndPay(testApp, business, bookingPayload('endorsement', athlete.account.id));
    const fanChat = await bookAndPay(testApp, fan, bookingPayload('video_chat', athlete.account.id));
    const businessChat = await bookAndPay(testApp, business, bookingPayload('video_chat', athlete.account.id));
    const fanDraft = await book(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    const businessDraft = await book(testApp, business, bookingPayload('shoutout', athlete.account.id));
    // A shoutout delivered and approved (finished): its video and its watch link are there to ask for.
    const fanFinished = await deliveredShoutout(fan, athlete);
    const businessFinished = await deliveredShoutout(business, athlete);
    // An NIL deal: the business's endorsement, accepted, makes the athlete's disclosure.
    const nilDeal = await bookAndPay(testApp, business, { ...bookingPayload('endorsement', athlete.account.id), request_amount: 600 });
    await api(testApp).put(`/booking/request/accept?request_id=${nilDeal}&disclosure_acknowledged=true`, {}, athlete.token).expect(200);
    const campaign = await api(testApp)
      .postForm(
        '/booking/request/endorsement_campaign/create',
        {
          name: 'Matrix launch',
          endorsement_task: 'Post a reel',
          athlete_ids: athlete.account.id,
          proposed_amounts: JSON.stringify([{ athlete_id: athlete.account.id, amount: 20 }]),
        },
        business.token,
      )
      .expect(201);
    const location = await api(testApp)
      .post('/athlete/locations', { name: 'Home', address: 'Los Angeles, CA, USA', latitude: 34.05, longitude: -118.24, radius: 10 }, athlete.token)
      .expect(201);
    await settle(testApp);
    for (const [requester, id] of [
      [fan, fanFinished],
      [business, businessFinished],
    ] as const) {
      await api(testApp).put('/booking/request/approve', { request_id: id }, requester.token).expect(200);
    }
    await settle(testApp);
    const paidIdOf = async (id: string, who: SignedIn): Promise<string> => (await api(testApp).get(`/booking/request?id=${id}`, who.token).expect(200)).body.request.paid_id;
    const notifications = testApp.get(NotificationsService);
    for (const [payer, requestId] of [
      [fan, shoutout],
      [business, endorsement],
    ] as const) {
      await testApp.dataSource.transaction((manager) => notifications.paymentFailedIn(manager, { requesterId: payer.account.id, requestId }));
    }
    const notificationOf = async (who: SignedIn): Promise<string> => {
      const listed = (await api(testApp).get('/user/notifications/list', who.token).expect(200)).body.notifications as Array<{ id: string }>;
      if (!listed.length) throw new Error('no notification to try');
      return listed[0].id;
    };
    const disclosures = (await api(testApp).get('/athlete/nil-disclosures', athlete.token).expect(200)).body.disclosures as Array<{ id: string }>;
    if (!disclosures.length) throw new Error('no NIL disclosure to try');
    const held = (id: string, secret?: string): Held => ({ id, secret });
    return {
      fan: {
        request: held(shoutout),
        paidId: held(await paidIdOf(shoutout, fan)),
        videoChat: held(fanChat),
        finished: held(fanFinished),
        draft: held(fanDraft.id, fanDraft.clientSecret),
        notification: held(await notificationOf(fan)),
      },
      athlete: {
        request: held(shoutout),
        endorsement: held(endorsement),
        paidId: held(await paidIdOf(shoutout, athlete)),
        videoChat: held(fanChat),
        finished: held(fanFinished),
        nilDisclosure: held(disclosures[0].id),
        location: held(location.body.location?.id ?? location.body.id),
        notification: held(await notificationOf(athlete)),
      },
      business: {
        request: held(endorsement),
        endorsement: held(endorsement),
        paidId: held(await paidIdOf(endorsement, business)),
        videoChat: held(businessChat),
        finished: held(businessFinished),
        draft: held(businessDraft.id, businessDraft.clientSecret),
        campaign: held(campaign.body.campaign?.id ?? campaign.body.endorsement_campaign?.id),
        notification: held(await notificationOf(business)),
      },
    };
  }

  beforeAll(async () => {
    // Business sign-in through the embedded sandbox (not 503), and the per-address limits of the public
    // forms lifted: every cell comes from 127.0.0.1, and a 429 would answer before the route does.
    testApp = await createTestApp({ env: { BUSINESS_SIGN_IN_SANDBOX: 'true', SIGN_IN_MAX_PER_IP: '10000', PASSWORD_RESET_MAX_PER_IP: '10000' } });
    await new Promise<void>((resolve) => testApp.server.listen(0, '127.0.0.1', resolve));
    for (const [caller, [type, complete]] of Object.entries(userTypeOf)) {
      accounts[caller as Caller] = caller === 'athlete' ? await createBookableAthlete(testApp) : await createSignedIn(testApp, type, { profileCompleted: complete });
    }
    second.fan = await createSignedIn(testApp, UserType.Fan);
    second.athlete = await createBookableAthlete(testApp);
    second.business = await createSignedIn(testApp, UserType.Business);
    // A fan the administrator blocks, and a fan who deletes the account: both keep calling with their old token.
    accounts.blocked = await createSignedIn(testApp, UserType.Fan);
    await api(testApp).post('/admin/user/block', { user_id: accounts.blocked.account.id, blocked: true }, accounts.admin?.token).expect(200);
    accounts.deleted = await createSignedIn(testApp, UserType.Fan);
    await api(testApp).delete('/user/accounts/self', accounts.deleted.token).expect(200);

    const own = await holdingsOf(accounts.fan as SignedIn, accounts.athlete as SignedIn, accounts.business as SignedIn);
    const other = await holdingsOf(second.fan, second.athlete, second.business);
    // Exports after the bookings, made (their job run) before the cells ask for their files.
    for (const [business, side] of [
      [own, accounts.business],
      [other, second.business],
    ] as const) {
      const exported = await api(testApp).get('/booking/request/counters-business-export?export=csv', (side as SignedIn).token).expect(200);
      business.business.export = { id: exported.body.export.id };
    }
    await settle(testApp);
    for (const owner of OWNERS) {
      const sides: Holdings = {};
      for (const [resource, mine] of Object.entries(own[owner]) as Array<[Resource, Held]>) sides[resource] = { A: mine, B: other[owner][resource] as Held };
      holdings[owner] = sides;
    }
  }, 180_000);

  afterAll(async () => {
    await testApp?.close();
  });

  it('has an expected answer for every operation of the document, and no entry for an operation it lacks', () => {
    const documented = new Set(OPERATIONS.map((operation) => operation.key));
    const missing = [...documented].filter((key) => !EXPECTED[key]).map((key) => `new operation ${key} has no expected answers`);
    const stale = Object.keys(EXPECTED).filter((key) => !documented.has(key)).map((key) => `${key} has expected answers but is not in the document`);
    expect([...missing, ...stale]).toEqual([]);
  });

  it("admits in its data exactly the roles the document declares, and names a resource wherever it grants 'own'", () => {
    const problems: string[] = [];
    for (const operation of OPERATIONS) {
      const expected = EXPECTED[operation.key];
      if (!expected) continue;
      if (expected.allow === 'everyone') {
        if (operation.roles) problems.push(`${operation.key}: data says everyone, the document declares roles ${operation.roles}`);
        continue;
      }
      if (!operation.roles) problems.push(`${operation.key}: the document declares it public, the data does not`);
      const granted = new Set(expected.allow.map((grant) => ROLE_OF[grant.split(':')[0] as Caller]));
      const declared = new Set(operation.roles ?? []);
      if ([...granted].sort().join() !== [...declared].sort().join()) problems.push(`${operation.key}: data admits roles ${[...granted].sort()}, the document ${[...declared].sort()}`);
      if (!expected.resource && expected.allow.some((grant) => grant.endsWith(':own'))) problems.push(`${operation.key}: grants 'own' but names no resource`);
    }
    expect(problems).toEqual([]);
  });

  it("declares in the document the roles the guard reads from each handler's @Roles (through Nest's Reflector)", () => {
    const reflector = testApp.get(Reflector);
    // Routes and operations compare by shape, parameters unnamed: a catch-all route (/media/*) is documented as /media/{path}.
    const shapeOf = (key: string): string => key.replace(/\{\w+\}/g, '{}');
    const documented = new Map(OPERATIONS.map((operation) => [shapeOf(operation.key), operation]));
    const problems: string[] = [];
    const routed = new Set<string>();
    for (const module of testApp.app.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as new (...args: unknown[]) => object;
        if (!controller || Reflect.getMetadata(EXCLUDED_CONTROLLER, controller)?.[0]) continue;
        const prefixes = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat() as string[];
        for (const name of Object.getOwnPropertyNames(controller.prototype)) {
          const handler = (controller.prototype as Record<string, unknown>)[name];
          if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
          if (Reflect.getMetadata(EXCLUDED_ENDPOINT, handler)?.disable) continue;
          const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
          const access = reflector.getAllAndOverride<RouteAccess | undefined>(ACCESS_METADATA, [handler, controller]);
          for (const prefix of prefixes) {
            for (const path of [Reflect.getMetadata(PATH_METADATA, handler) ?? ''].flat() as string[]) {
              const route = `/${[prefix, path].join('/')}`.replace(/\/+/g, '/').replace(/\/$/, '').replace(/:\w+|\*$/g, '{}');
              const key = `${method} ${route}`;
              routed.add(key);
              const operation = documented.get(key);
              if (!operation) problems.push(`${key} (${controller.name}.${name}) is routed but not in the document`);
              else if (!access) problems.push(`${key} declares no access (closed to everyone)`);
              else if (access.kind === 'public' && operation.roles) problems.push(`${key}: the guard admits everyone, the document declares ${operation.roles}`);
              else if (access.kind === 'roles' && [...access.roles].sort().join() !== [...(operation.roles ?? [])].sort().join())
                problems.push(`${key}: the guard admits ${access.roles}, the document declares ${operation.roles ?? 'everyone'}`);
            }
          }
        }
      }
    }
    for (const key of documented.keys()) if (!routed.has(key)) problems.push(`${key} is in the document but no handler routes it`);
    expect(problems).toEqual([]);
  });

  it('answers every cell as the data says: no leak, no lock-out', async () => {
    const cells = OPERATIONS.filter((operation) => EXPECTED[operation.key])
      .flatMap(cellsOf)
      .sort((a, b) => runOrder(a) - runOrder(b));
    const owned = cells.filter((cell) => cell.owner).length;
    console.log(
      `authorization matrix: ${OPERATIONS.length} operations x ${CALLERS.length} callers (own and other for ${OWNERS.join(', ')} where an operation names a resource) = ${cells.length} cells, ${owned} of them on a resource, ${cells.filter((cell) => cell.verdict === 'allow').length} admitted`,
    );
    const wrong: string[] = [];
    const answers: string[] = [];
    for (const cell of cells) {
      const answer = await send(cell);
      answers.push([cell.operation.key, cell.caller, cell.owner ?? '', cell.verdict, answer.status, answer.message].join('\t'));
      const refused = answer.status === 401 || answer.status === 403 || (cell.expected.resource !== undefined && answer.status === 404);
      const where = `${cell.operation.key} as ${cell.caller}${cell.owner ? ` on ${cell.owner === 'own' ? 'its own' : "another user's"} ${cell.expected.resource}` : ''}`;
      if (answer.status >= 500) wrong.push(`${where}: ${answer.status} ${answer.message}`);
      else if (refused && !answer.envelope) wrong.push(`${where}: refused with ${answer.status} outside the envelope`);
      else if (cell.verdict === 'deny' && !refused) wrong.push(`LEAK ${where}: expected a refusal, got ${answer.status} ${answer.message}`);
      else if (cell.verdict === 'allow' && refused) wrong.push(`LOCKED OUT ${where}: expected admission, got ${answer.status} ${answer.message}`);
    }
    // AUTH_MATRIX_ANSWERS=<file> keeps every cell's answer (operation, caller, owner, expected, status, message) to read.
    if (process.env.AUTH_MATRIX_ANSWERS) writeFileSync(process.env.AUTH_MATRIX_ANSWERS, `${answers.join('\n')}\n`);
    expect(wrong).toEqual([]);
  }, 600_000);

  it("lists to each user only what is theirs: no list of one side names a thing the other side holds", async () => {
    const theirs = (side: Side): string[] => OWNERS.flatMap((owner) => Object.values(holdings[owner] ?? {}).map((sides) => sides[side].id));
    const lists: Record<Owner, string[]> = {
      fan: ['/booking/request/filter?status=pending', '/booking/request/filter?status=accepted', '/booking/request/filter?status=finished', '/booking/request/counters', '/user/notifications/list', '/booking/athletes/recent', '/payments/payment-method', '/user/accounts'],
      athlete: [
        '/booking/request/filter?status=pending',
        '/booking/request/filter?status=accepted',
        '/booking/request/filter?status=finished',
        '/booking/request/counters',
        '/user/notifications/list',
        '/athlete/nil-disclosures',
        '/athlete/locations/list',
        '/payouts/summary',
        `/athlete/calendar?from=${Math.floor(Date.now() / 1000) - 86400}&to=${Math.floor(Date.now() / 1000) + 30 * 86400}`,
        '/user/accounts',
      ],
      business: ['/booking/request/filter?status=pending', '/booking/request/filter?status=accepted', '/booking/request/filter?status=finished', '/booking/request/counters', '/user/notifications/list', '/booking/athletes/recent', '/payments/payment-method', '/user/accounts'],
    };
    const seen: string[] = [];
    for (const [side, caller] of [
      ['A', (owner: Owner) => accounts[owner]],
      ['B', (owner: Owner) => second[owner]],
    ] as const) {
      const forbidden = theirs(side === 'A' ? 'B' : 'A');
      for (const owner of OWNERS) {
        for (const path of lists[owner]) {
          const answer = await api(testApp).get(path, (caller(owner) as SignedIn).token);
          expect(answer.status).toBe(200);
          const text = JSON.stringify(answer.body);
          for (const id of forbidden) if (text.includes(id)) seen.push(`${owner} ${side} sees ${id} in ${path}`);
        }
      }
    }
    expect(seen).toEqual([]);
  });

  it('lets nobody raise a role or reach another account through the routes on their own account', async () => {
    const fan = accounts.fan as SignedIn;
    const other = second.fan as SignedIn;
    const rowOf = async (id: string) =>
      (await testApp.dataSource.query('SELECT user_type, blocked, first_name, profile_completed FROM accounts WHERE id = $1', [id]))[0] as Record<string, unknown>;
    const before = await rowOf(other.account.id);
    const smuggled = { user_type: 4, role: 4, id: other.account.id, user_id: other.account.id, account_id: other.account.id, blocked: false, profile_completed: true };
    const edited = await api(testApp).put('/user/accounts', { first_name: 'Jordan', last_name: 'Miles', email: fan.account.email, phone: '+15551234567', ...smuggled }, fan.token);
    expect(edited.status).toBeLessThan(500);
    expect(await rowOf(fan.account.id)).toMatchObject({ user_type: UserType.Fan, first_name: edited.status === 200 ? 'Jordan' : fan.account.firstName });
    expect(await rowOf(other.account.id)).toEqual(before);
    // Signing up as an administrator, or finishing a registration of another type, is refused.
    const email = `matrix-admin-${Date.now()}@example.com`;
    const signUp = await api(testApp).post('/user/email-verifications', { user_type: 4, email, password: 'correct horse battery', phone: '(555) 123-4567', eula_accepted: true });
    expect(signUp.status).toBe(400);
    expect(await testApp.dataSource.query('SELECT id FROM accounts WHERE email = $1', [email])).toEqual([]);
    const incomplete = accounts.fan11 as SignedIn;
    await api(testApp).post('/user/fan/finish-registration', { first_name: 'A', last_name: 'B', profile_photo: 'x.jpg', conferences: [], sports: [], teams: [], ...smuggled }, incomplete.token);
    expect(await rowOf(incomplete.account.id)).toMatchObject({ user_type: UserType.Fan });
  });

  it("left another user's notifications alone (their ids were ignored)", async () => {
    for (const owner of OWNERS) {
      const theirs = holdings[owner]?.notification?.B.id;
      const rows: Array<{ is_read: boolean }> = await testApp.dataSource.query('SELECT is_read FROM notifications WHERE id = $1', [theirs]);
      expect(rows).toEqual([{ is_read: false }]);
    }
  });

  async function callerFor(cell: Cell): Promise<SignedIn | undefined> {
    const kind = userTypeOf[cell.caller as keyof typeof userTypeOf];
    if (ENDS_THE_CALLER.has(cell.operation.key) && kind) return createSignedIn(testApp, kind[0], { profileCompleted: kind[1] });
    return accounts[cell.caller];
  }

  function heldFor(cell: Cell): Held {
    const resource = cell.expected.resource as Resource;
    const holder = (OWNERS as readonly string[]).includes(cell.caller) && holdings[cell.caller as Owner]?.[resource] ? (cell.caller as Owner) : DEFAULT_HOLDER[resource];
    const sides = holdings[holder]?.[resource];
    if (!sides) throw new Error(`no ${resource} held by a ${holder}`);
    return cell.owner === 'own' ? sides.A : sides.B;
  }

  async function send(cell: Cell): Promise<{ status: number; envelope: boolean; message: string }> {
    const caller = await callerFor(cell);
    const token = cell.caller === 'guestToken' ? 'guest:7c1f' : caller?.token;
    const held = cell.expected.resource ? heldFor(cell) : { id: '', secret: undefined };
    const user = ON_A_USER.has(cell.operation.key) ? (await createAccount(testApp, UserType.Athlete)).id : '';
    const known = { request: holdings.fan?.finished?.B.id ?? '', athlete: accounts.athlete?.account.id ?? '' };
    const call = callOf(cell.operation.key, held.id, held.secret, user, known);
    const path = cell.operation.path.replace('{id}', held.id || '00000000-0000-4000-8000-000000000000').replace('{path}', 'profiles/missing.jpg').replace('{file}', 'missing.ics');
    const query = new URLSearchParams(call.query ?? {}).toString();
    const url = `/api/v1${path}${query ? `?${query}` : ''}`;
    if (cell.operation.key === 'GET /user/notifications/stream') return openStream(url, token);
    let pending = request(testApp.server)[cell.operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url);
    if (token) pending = pending.set('x-access-token', token);
    if (call.multipart) {
      for (const [field, value] of Object.entries(call.multipart.fields)) pending = pending.field(field, value);
      if (call.multipart.video) pending = pending.attach('video', fixture('intro-5s.mp4'), { filename: 'video.mp4', contentType: 'video/mp4' });
    } else if (call.form) pending = pending.type('form').send(call.form);
    else if (cell.operation.method !== 'GET') pending = pending.send(call.body ?? {});
    const response = await pending.redirects(0);
    const envelope = response.body?.status_response;
    return { status: response.status, envelope: Boolean(envelope), message: envelope?.response_message ?? '' };
  }

  /** The live stream answers headers, then stays open: read the status and hang up. */
  function openStream(url: string, token: string | undefined): Promise<{ status: number; envelope: boolean; message: string }> {
    const { port } = testApp.server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const outgoing = httpGet({ host: '127.0.0.1', port, path: url, headers: token ? { 'x-access-token': token } : {} }, (response) => {
        if (String(response.headers['content-type']).startsWith('text/event-stream')) {
          response.destroy();
          resolve({ status: response.statusCode ?? 0, envelope: false, message: 'stream' });
          return;
        }
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          const envelope = (JSON.parse(text || '{}') as { status_response?: { response_message: string } }).status_response;
          resolve({ status: response.statusCode ?? 0, envelope: Boolean(envelope), message: envelope?.response_message ?? '' });
        });
      });
      outgoing.on('error', reject);
    });
  }
});
