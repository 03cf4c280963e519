/**
 * What the product must answer, for every operation of the OpenAPI document
 * (libs/api-client/openapi.json), to every kind of caller, on the caller's own resource and on
 * another user's. authorization-matrix.spec.ts sends each cell and compares; an operation of the
 * document without an entry here fails it, and so does an entry without an operation.
 *
 * Read an entry as: `allow` lists the cells that must be admitted; every other cell must be
 * refused. 'everyone' admits every caller, signed in or not. A caller named alone is admitted on
 * any resource; `caller:own` only on its own (on another user's it must be refused). Callers that
 * own nothing here (fan11, athlete12, business13) are tried on another user's resource only, so
 * `athlete12:own` says the role is admitted to the route and that cell must be refused.
 *
 * Refused means 401 or 403 in the status_response envelope, or, for an operation that names a
 * user-owned `resource`, 404 as well (another user's request answers exactly as a missing one,
 * so an id cannot be probed). Admitted means any other answer: 2xx, or a 4xx of validation or
 * of state (the matrix sends minimal requests, not meaningful ones).
 *
 * Callers: guest (no token); guestToken (the shell's `guest:...` marker, which the API treats as
 * no token); fan, athlete, business and admin (complete profiles); fan11, athlete12, business13
 * (incomplete profiles, role code = user type + 10); blocked (a fan blocked by the administrator,
 * calling with the token it had); deleted (a fan who deleted the account, with its old token).
 * Only fan, athlete and business own resources here; every other caller is tried on another
 * user's resource only.
 */

export const CALLERS = ['guest', 'guestToken', 'fan', 'athlete', 'business', 'admin', 'fan11', 'athlete12', 'business13', 'blocked', 'deleted'] as const;
export type Caller = (typeof CALLERS)[number];

/** The callers that own resources (two accounts of each: "own" is the first one's, "other" the second one's). */
export const OWNERS = ['fan', 'athlete', 'business'] as const;
export type Owner = (typeof OWNERS)[number];

/**
 * The user-owned thing an operation's id names:
 * - request: a paid shoutout booked by a fan, or a paid endorsement booked by a business (its athlete owns it too: the fan's shoutout is the athlete's "own");
 * - endorsement: the business's paid endorsement (the athlete's "own" is the endorsement booked of them);
 * - paidId: a request's shareable paid_id;
 * - videoChat: a paid video chat booked by the fan or the business;
 * - finished: a shoutout booked by the fan or the business, delivered and approved (its video is there, it may be shared);
 * - draft: an unpaid request with its checkout open (its id, or its payment intent's client secret);
 * - campaign, export (a business statistics export), nilDisclosure and location (an athlete's), notification.
 */
export type Resource = 'request' | 'endorsement' | 'paidId' | 'videoChat' | 'finished' | 'draft' | 'campaign' | 'export' | 'nilDisclosure' | 'location' | 'notification';

export type Grant = Caller | `${Caller}:own`;

export interface Expected {
  resource?: Resource;
  allow: 'everyone' | readonly Grant[];
  /** Why, where the spec does not say it outright. */
  note?: string;
}

const SIGNED_IN: readonly Grant[] = ['fan', 'athlete', 'business', 'admin', 'fan11', 'athlete12', 'business13'];
/** A request's parties (requester and athlete) and the administrator. */
const REQUEST_READERS: readonly Grant[] = ['fan:own', 'athlete:own', 'business:own', 'admin'];
const REQUESTER_OWN: readonly Grant[] = ['fan:own', 'business:own'];
const PARTY_OWN: readonly Grant[] = ['fan:own', 'athlete:own', 'business:own'];
const CARD_HOLDERS: readonly Grant[] = ['fan', 'fan11', 'business', 'business13'];

export const EXPECTED: Record<string, Expected> = {
  'GET /health': { allow: 'everyone' },

  // Signing up, in and out; a signed-in caller may still reach the public forms (the shell does not offer them).
  'POST /user/email-verifications': { allow: 'everyone' },
  'POST /user/sign-ins': { allow: 'everyone' },
  'DELETE /user/sessions': { allow: SIGNED_IN },
  'DELETE /user/accounts/passwords': { allow: 'everyone' },
  'POST /user/accounts/passwords': { allow: 'everyone' },
  'GET /user/auth/business': { allow: 'everyone' },
  'GET /user/auth/business/provider': { allow: 'everyone' },
  'GET /user/auth/business/callback': { allow: 'everyone' },
  'POST /user/accounts/password-set': { allow: 'everyone', note: 'the one-time token in the body is the credential' },

  // The caller's own account: every route acts on the session's account, never on an id.
  'DELETE /user/accounts/self': { allow: SIGNED_IN, note: 'spec §6: account deletion is available to any signed-in user' },
  'GET /user/accounts': { allow: SIGNED_IN },
  'PUT /user/accounts': { allow: SIGNED_IN },
  'PATCH /user/accounts': { allow: SIGNED_IN },
  'DELETE /user/accounts/links': { allow: ['fan', 'athlete', 'business', 'fan11', 'athlete12', 'business13'], note: 'the administrator has no social links' },
  'POST /user/save-athlete-profile': { allow: ['athlete', 'athlete12'] },
  'POST /user/finish-registration': { allow: ['athlete', 'athlete12'] },
  'POST /user/fan/finish-registration': { allow: ['fan', 'fan11'] },
  'POST /user/business/finish-registration': { allow: ['business', 'business13'] },
  'POST /user/upload-photo': { allow: SIGNED_IN },
  'POST /user/convert-photo': { allow: SIGNED_IN },
  'POST /user/upload-intro': { allow: SIGNED_IN },

  // An athlete's services and travel locations (the wizard's step 2 too, hence 12).
  'PUT /athlete/services': { allow: ['athlete', 'athlete12'] },
  'POST /athlete/locations': { allow: ['athlete', 'athlete12'] },
  'DELETE /athlete/locations': { resource: 'location', allow: ['athlete:own', 'athlete12:own'] },
  'GET /athlete/locations/list': { allow: ['athlete', 'athlete12'] },

  // Public reference data, media and maps.
  'GET /public/meta/reference-data': { allow: 'everyone' },
  'GET /media/{path}': { allow: 'everyone', note: 'a public path, or a private one with its signature: the signature is the credential' },
  'GET /maps/geocode': { allow: 'everyone' },
  'GET /maps/places': { allow: 'everyone' },
  'GET /maps/config': { allow: 'everyone' },

  // Booking: fans and businesses book; a request is read by its two parties and the administrator.
  'POST /booking/request': { allow: ['fan', 'business'] },
  'GET /booking/request': { resource: 'request', allow: REQUEST_READERS },
  'GET /booking/request/filter': { allow: ['fan', 'athlete', 'business'] },
  'GET /booking/request/counters': { allow: ['fan', 'athlete', 'business'] },
  'GET /booking/request/paid': { resource: 'paidId', allow: REQUEST_READERS, note: 'the shareable /request/@{paid_id} still opens only for the parties (a watch link is what is shared with others)' },
  'GET /booking/request/video': { resource: 'finished', allow: REQUEST_READERS },
  'PUT /booking/request/accept': { resource: 'request', allow: ['athlete:own'] },
  'PUT /booking/request/decline': { resource: 'request', allow: ['athlete:own'] },
  'PUT /booking/request/cancel': { resource: 'request', allow: REQUESTER_OWN },
  'PUT /booking/request/approve': { resource: 'request', allow: REQUESTER_OWN },
  'PUT /booking/request/flag': { resource: 'request', allow: REQUESTER_OWN },
  'PUT /booking/reviews': { resource: 'request', allow: REQUESTER_OWN },
  'POST /booking/request/support': { resource: 'request', allow: PARTY_OWN },
  'DELETE /booking/request/share': { resource: 'finished', allow: REQUESTER_OWN },
  'POST /booking/request/share': { resource: 'finished', allow: REQUESTER_OWN },
  'POST /booking/request/endorsement_campaign/create': { allow: ['business'] },
  'GET /booking/request/campaign': {
    resource: 'campaign',
    allow: ['business:own', 'admin'],
    note: 'the administrator reads every request (spec: /manage/request/{id}), and a campaign is a group of requests',
  },
  'PUT /booking/request/campaign/cancel': { resource: 'campaign', allow: ['business:own'] },
  'POST /payments/payment-sheet': { resource: 'draft', allow: REQUESTER_OWN },
  'POST /payments/set-paid': { resource: 'draft', allow: REQUESTER_OWN },
  'POST /athlete/shoutouts': { resource: 'request', allow: ['athlete:own'] },
  'POST /athlete/endorsements': { resource: 'endorsement', allow: ['athlete:own'] },
  'PUT /admin/requests/cancel': { allow: ['admin'] },
  'PUT /admin/requests/approve': { allow: ['admin'] },
  'GET /public/watch': { allow: 'everyone', note: 'the watch link token is the credential' },
  'GET /public/watch/video': { allow: 'everyone' },

  // Video chat: both parties of the chat; only the athlete starts it.
  'PUT /booking/request/start-video-chat': { resource: 'videoChat', allow: ['athlete:own'] },
  'GET /booking/request/video-chat': { resource: 'videoChat', allow: PARTY_OWN },
  'PUT /booking/request/complete-video-chat': { resource: 'videoChat', allow: PARTY_OWN },
  'PUT /booking/request/video-chat/leave': { resource: 'videoChat', allow: PARTY_OWN },
  'GET /booking/request/complete-video-chat-check': { resource: 'videoChat', allow: PARTY_OWN },
  'POST /booking/request/video-chat/signal': { resource: 'videoChat', allow: PARTY_OWN },

  // The athlete's calendar; the feed file's unguessable name is its credential.
  'GET /athlete/calendar': { allow: ['athlete'] },
  'GET /athlete/calendar/feed': { allow: ['athlete'] },
  'POST /athlete/calendar/feed/regenerate': { allow: ['athlete'] },
  'GET /public/calendar/{file}': { allow: 'everyone' },

  // A business's statistics export.
  'GET /booking/request/counters-business-export': { allow: ['business'] },
  'GET /booking/request/counters-business-export/{id}': { resource: 'export', allow: ['business:own'] },
  'GET /booking/request/counters-business-export/{id}/file': { resource: 'export', allow: ['business:own'] },

  // Browsing athletes.
  'GET /public/athletes/search': { allow: 'everyone' },
  'GET /public/athletes/endorsement/search': { allow: 'everyone' },
  'GET /booking/athletes/recent': { allow: ['fan', 'business'] },
  'GET /public/athletes': { allow: 'everyone' },
  'GET /public/athletes/shoutout-video': { allow: 'everyone', note: "an athlete's public sample: a finished shoutout the athlete shows on the profile" },

  // Cards: a fan or business may save one while still completing the profile (11, 13).
  'POST /payments/sandbox/confirm': {
    resource: 'draft',
    allow: [...REQUESTER_OWN, 'fan11:own', 'business13:own'],
    note: "the client secret names the payer's checkout: nobody else may pay or fail it (a profile made incomplete after booking may still pay its own)",
  },
  'POST /payments/sandbox/authenticate': { resource: 'draft', allow: [...REQUESTER_OWN, 'fan11:own', 'business13:own'] },
  'POST /payments/sandbox/provider-events': { allow: ['admin'] },
  'GET /payments/payment-method': { allow: CARD_HOLDERS },
  'POST /payments/payment-method': { allow: CARD_HOLDERS },
  'POST /payments/payment-method/sandbox': { allow: CARD_HOLDERS },
  'POST /payments/webhook': { allow: 'everyone', note: "Stripe's signature is the credential" },

  // Payouts.
  'GET /admin/payments/payout-list': { allow: ['admin'] },
  'POST /admin/payments/payout-send': { allow: ['admin'] },
  'GET /admin/payments/payout-sent-list': { allow: ['admin'] },
  'PUT /admin/payments/payout-status': { allow: ['admin'] },
  'GET /payouts/account': { allow: ['athlete'] },
  'POST /payouts/account': { allow: ['athlete'] },
  'GET /payouts/summary': { allow: ['athlete'] },

  // Notifications: a list of ids of which only the caller's own count; another user's are left
  // untouched (the spec checks that they still exist, unread), like ids that no longer exist.
  'GET /user/notifications/list': { allow: ['fan', 'athlete', 'business'] },
  'PUT /user/notifications/set_read': { resource: 'notification', allow: ['fan', 'athlete', 'business'], note: "another user's ids are ignored, not refused" },
  'PUT /user/notifications/set_all_read': { allow: ['fan', 'athlete', 'business'] },
  'DELETE /user/notifications/delete': { resource: 'notification', allow: ['fan', 'athlete', 'business'], note: "another user's ids are ignored, not refused" },
  'GET /user/notifications/stream': { allow: ['fan', 'athlete', 'business'] },

  // Custom pushes.
  'GET /admin/custom-push/search': { allow: ['admin'] },
  'GET /admin/custom-push': { allow: ['admin'] },
  'POST /admin/custom-push': { allow: ['admin'] },
  'PUT /admin/custom-push': { allow: ['admin'] },
  'DELETE /admin/custom-push': { allow: ['admin'] },
  'POST /admin/custom-push/send': { allow: ['admin'] },

  // NIL disclosures: the athlete's own.
  'GET /athlete/nil-disclosures': { allow: ['athlete'] },
  'GET /athlete/nil-disclosures/{id}/packet': { resource: 'nilDisclosure', allow: ['athlete:own'] },
  'POST /athlete/nil-disclosures/{id}/reported': { resource: 'nilDisclosure', allow: ['athlete:own'] },
  'GET /admin/nil-disclosures/flagged-export': { allow: ['admin'] },

  // The administrator's console.
  'GET /admin/money': { allow: ['admin'] },
  'POST /admin/money/incident-resolve': { allow: ['admin'] },
  'POST /admin/money/job-retry': { allow: ['admin'] },
  'GET /admin/user/search': { allow: ['admin'] },
  'GET /admin/user/list-by-type': { allow: ['admin'] },
  'GET /admin/user': { allow: ['admin'] },
  'POST /admin/user/add': { allow: ['admin'] },
  'POST /admin/user/update': { allow: ['admin'] },
  'POST /admin/user/upload-photo': { allow: ['admin'] },
  'POST /admin/user/upload-intro': { allow: ['admin'] },
  'POST /admin/user/block': { allow: ['admin'] },
  'POST /mt/sync_by_id': { allow: ['admin'] },
  'POST /admin/user/delete': { allow: ['admin'] },
  'GET /admin/audit': { allow: ['admin'] },
  'GET /admin/requests/filter': { allow: ['admin'] },
  'GET /admin/requests/by-id': { allow: ['admin'] },
  'GET /admin/counters': { allow: ['admin'] },
};
