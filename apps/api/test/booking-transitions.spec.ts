import { UserType } from '@huddle/domain';
import type { RequestStatusCode } from '@huddle/domain';
import { api } from './support/accounts-api';
import { bookAndPay, bookingPayload, createBookableAthlete, settle } from './support/booking';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

type Party = 'requester' | 'athlete' | 'otherAthlete' | 'otherRequester' | 'admin' | 'guest';
type Action = 'accept' | 'decline' | 'cancel' | 'approve' | 'review' | 'flag' | 'admin_cancel';

const PARTIES: Party[] = ['guest', 'otherAthlete', 'otherRequester', 'admin', 'athlete', 'requester'];
const STATUSES: RequestStatusCode[] = [1, 2, 3, 4, 5, 6];
const ACTIONS: Action[] = ['accept', 'decline', 'cancel', 'approve', 'review', 'flag', 'admin_cancel'];

/** Who may call each route at all (its @Roles): anyone else is refused before the request is read. */
const ROUTE_ROLES: Record<Action, Party[]> = {
  accept: ['athlete', 'otherAthlete'],
  decline: ['athlete', 'otherAthlete'],
  cancel: ['requester', 'otherRequester'],
  approve: ['requester', 'otherRequester'],
  review: ['requester', 'otherRequester'],
  flag: ['requester', 'otherRequester'],
  admin_cancel: ['admin'],
};

/**
 * The legal (action, status, party) triples for a shoutout (spec §4 as the domain table reads it):
 * written out here, not derived from the code under test.
 */
const LEGAL: Array<[Action, RequestStatusCode, Party]> = [
  ['accept', 1, 'athlete'],
  ['decline', 1, 'athlete'],
  ['cancel', 1, 'requester'],
  ['approve', 4, 'requester'],
  ['review', 5, 'requester'],
  ['flag', 4, 'requester'],
  ['admin_cancel', 1, 'admin'],
  ['admin_cancel', 2, 'admin'],
  ['admin_cancel', 4, 'admin'],
  ['admin_cancel', 6, 'admin'],
];
const AFTER: Record<Action, (from: RequestStatusCode) => RequestStatusCode> = {
  accept: () => 2,
  decline: () => 3,
  cancel: () => 3,
  approve: () => 5,
  review: (from) => from,
  flag: (from) => from,
  admin_cancel: () => 3,
};

function call(testApp: TestApp, action: Action, requestId: string, token?: string) {
  const client = api(testApp);
  switch (action) {
    case 'approve':
      return client.put('/booking/request/approve', { request_id: requestId }, token);
    case 'review':
      return client.put('/booking/reviews', { request_id: requestId, rate: 4 }, token);
    case 'admin_cancel':
      return client.put(`/admin/requests/cancel?request_id=${requestId}`, {}, token);
    default:
      return client.put(`/booking/request/${action}?request_id=${requestId}`, {}, token);
  }
}

describe('every action x status x party on a request', () => {
  let testApp: TestApp;
  let tokens: Record<Party, string | undefined>;
  let requester: SignedIn;
  let athlete: SignedIn;

  beforeAll(async () => {
    testApp = await createTestApp();
    requester = await createSignedIn(testApp, UserType.Fan);
    athlete = await createBookableAthlete(testApp);
    tokens = {
      requester: requester.token,
      athlete: athlete.token,
      otherAthlete: (await createBookableAthlete(testApp)).token,
      otherRequester: (await createSignedIn(testApp, UserType.Business)).token,
      admin: (await createSignedIn(testApp, UserType.Admin)).token,
      guest: undefined,
    };
  });

  afterAll(async () => {
    await testApp?.close();
  });

  /** A paid shoutout put in `status` as the flow would leave it (a delivered video at 4 and after). */
  async function requestIn(status: RequestStatusCode): Promise<string> {
    const id = await bookAndPay(testApp, requester, bookingPayload('shoutout', athlete.account.id));
    if (status !== 1) {
      await testApp.dataSource.query(
        `UPDATE requests SET status = $2::smallint, accepted_at = now(), delivered_at = CASE WHEN $2::smallint >= 4 THEN now() END,
                finished_at = CASE WHEN $2::smallint = 5 THEN now() END,
                details = details || CASE WHEN $2::smallint >= 4 THEN '{"video": "/media/videos/00000000-0000-4000-8000-000000000000.mp4"}'::jsonb ELSE '{}'::jsonb END
          WHERE id = $1`,
        [id, status],
      );
    }
    return id;
  }

  async function snapshot(id: string): Promise<string> {
    const rows = await testApp.dataSource.query(`SELECT status, paid, reviewed, flagged_at, accepted_at, finished_at, updated_at FROM requests WHERE id = $1`, [id]);
    const history = await testApp.dataSource.query(`SELECT count(*)::int AS n FROM request_history WHERE request_id = $1`, [id]);
    return JSON.stringify([rows[0], history[0]]);
  }

  it.each(ACTIONS)('%s: legal once for its party and status, refused with nothing changed otherwise', async (action) => {
    for (const status of STATUSES) {
      const id = await requestIn(status);
      for (const party of PARTIES) {
        const legal = LEGAL.some(([a, s, p]) => a === action && s === status && p === party);
        const before = await snapshot(id);
        const response = await call(testApp, action, id, tokens[party]);
        const where = `${action} at ${status} by ${party}`;
        if (legal) {
          expect([where, response.status]).toEqual([where, 200]);
          expect(response.body.request.status).toBe(AFTER[action](status));
          const again = await call(testApp, action, id, tokens[party]);
          expect([where, 'again', again.status]).toEqual([where, 'again', 409]);
          // Its money jobs (a void, a refund) finish before the next party's snapshot: a released
          // hold clears `authorised` on the row, which is no change made by a refused action.
          await settle(testApp);
          continue;
        }
        const expected = party === 'guest' ? 401 : !ROUTE_ROLES[action].includes(party) ? 403 : party.startsWith('other') ? 404 : 409;
        expect([where, response.status]).toEqual([where, expected]);
        expect(response.body.status_response.response_message).toEqual(expect.any(String));
        expect(await snapshot(id)).toBe(before);
      }
    }
    await settle(testApp);
  });
});
