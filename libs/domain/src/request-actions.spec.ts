import {
  historyLabel,
  REQUEST_ACTIONS,
  REQUEST_ACTION_RULES,
  autoCompletionTime,
  availableActions,
  checkRequestAction,
  deliveryDeadline,
  eventWindow,
  expirationTime,
  isBookableStart,
  isVideoChatNoShow,
  MAX_PENDING_EXPIRY_HOURS,
  REQUEST_TIMERS,
  splitAmount,
} from './request-actions';
import type { RequestFacts, RequestParty } from './request-actions';
import { canTransition } from './request-status';
import { ATHLETE_SERVICE_TYPES } from './service-types';

const NOW = 1_800_000_000;
const facts = (over: Partial<RequestFacts>): RequestFacts => ({ status: 1, type: 'shoutout', paid: true, reviewed: false, ...over });

describe('request actions', () => {
  it('every status change the table allows is one the status graph allows', () => {
    for (const action of REQUEST_ACTIONS) {
      const rule = REQUEST_ACTION_RULES[action];
      for (const from of Object.keys(rule.from).map(Number) as Array<1 | 2 | 3 | 4 | 5 | 6>) {
        if (rule.to !== null && rule.to !== from) expect([action, canTransition(from, rule.to)]).toEqual([action, true]);
      }
    }
  });

  it('nothing leaves canceled or finished except a review of a finished request', () => {
    const parties: RequestParty[] = ['requester', 'athlete', 'admin', 'system'];
    for (const type of ATHLETE_SERVICE_TYPES) {
      for (const party of parties) {
        expect(availableActions(party, facts({ status: 3, type }), NOW)).toEqual([]);
        expect(availableActions(party, facts({ status: 5, type }), NOW)).toEqual(party === 'requester' ? ['review'] : []);
      }
    }
  });

  it('accept captures, decline/cancel/expire void, an admin refunds only what was captured', () => {
    expect(checkRequestAction('accept', 'athlete', facts({}), NOW)).toEqual({ ok: true, to: 2, money: 'capture' });
    expect(checkRequestAction('decline', 'athlete', facts({}), NOW)).toEqual({ ok: true, to: 3, money: 'void' });
    expect(checkRequestAction('cancel', 'requester', facts({}), NOW)).toEqual({ ok: true, to: 3, money: 'void' });
    expect(checkRequestAction('expire', 'system', facts({}), NOW)).toEqual({ ok: true, to: 3, money: 'void' });
    expect(checkRequestAction('admin_cancel', 'admin', facts({}), NOW)).toEqual({ ok: true, to: 3, money: 'void' });
    expect(checkRequestAction('admin_cancel', 'admin', facts({ status: 2 }), NOW)).toEqual({ ok: true, to: 3, money: 'refund' });
  });

  it("cancels a paid request whose athlete is gone, the system's alone, and a campaign's share is refunded", () => {
    expect(checkRequestAction('athlete_gone', 'system', facts({}), NOW)).toEqual({ ok: true, to: 3, money: 'void' });
    expect(checkRequestAction('athlete_gone', 'system', facts({ type: 'endorsement', inCampaign: true }), NOW)).toEqual({ ok: true, to: 3, money: 'refund_share' });
    expect(checkRequestAction('athlete_gone', 'admin', facts({}), NOW)).toMatchObject({ ok: false, reason: 'party' });
    expect(checkRequestAction('athlete_gone', 'system', facts({ status: 4 }), NOW)).toMatchObject({ ok: false, reason: 'status' });
    expect(checkRequestAction('athlete_gone', 'system', facts({ status: 6, type: 'video_chat', startTime: NOW - 60 }), NOW)).toMatchObject({ ok: false, reason: 'status' });
    expect(checkRequestAction('athlete_gone', 'system', facts({ status: 5 }), NOW)).toMatchObject({ ok: false, reason: 'status' });
    expect(checkRequestAction('athlete_gone', 'system', facts({ paid: false, inCampaign: true }), NOW)).toMatchObject({ ok: false, reason: 'unpaid' });
  });

  it('refunds an accepted request its gone athlete has not started yet, and leaves one already started to its timers', () => {
    // A video accepted and not delivered, an event or a call still ahead: refunded (a campaign's share alone).
    expect(checkRequestAction('athlete_gone', 'system', facts({ status: 2 }), NOW)).toEqual({ ok: true, to: 3, money: 'refund' });
    expect(checkRequestAction('athlete_gone', 'system', facts({ status: 2, type: 'endorsement', inCampaign: true }), NOW)).toEqual({ ok: true, to: 3, money: 'refund_share' });
    expect(checkRequestAction('athlete_gone', 'system', facts({ status: 2, type: 'camp', startTime: NOW + 1 }), NOW)).toEqual({ ok: true, to: 3, money: 'refund' });
    expect(checkRequestAction('athlete_gone', 'system', facts({ status: 2, type: 'video_chat', startTime: NOW + 3600 }), NOW)).toEqual({ ok: true, to: 3, money: 'refund' });
    // Started, or over: it may have taken place.
    expect(checkRequestAction('athlete_gone', 'system', facts({ status: 2, type: 'camp', startTime: NOW }), NOW)).toMatchObject({ ok: false, reason: 'started' });
    expect(checkRequestAction('athlete_gone', 'system', facts({ status: 2, type: 'video_chat', startTime: NOW - 60 }), NOW)).toMatchObject({ ok: false, reason: 'started' });
  });

  it("names a refused request's status with the right article", () => {
    expect(checkRequestAction('accept', 'athlete', facts({ status: 2 }), NOW)).toMatchObject({ message: 'This cannot be done to an accepted request' });
    expect(checkRequestAction('accept', 'athlete', facts({ status: 6, type: 'video_chat' }), NOW)).toMatchObject({ message: 'This cannot be done to an in progress request' });
    expect(checkRequestAction('accept', 'athlete', facts({ status: 5 }), NOW)).toMatchObject({ message: 'This cannot be done to a finished request' });
  });

  it('refuses the wrong party, an unpaid draft, a second review and an early approval', () => {
    expect(checkRequestAction('accept', 'requester', facts({}), NOW)).toMatchObject({ ok: false, reason: 'party' });
    expect(checkRequestAction('cancel', 'athlete', facts({}), NOW)).toMatchObject({ ok: false, reason: 'party' });
    expect(checkRequestAction('accept', 'athlete', facts({ paid: false }), NOW)).toMatchObject({ ok: false, reason: 'unpaid' });
    expect(checkRequestAction('review', 'requester', facts({ status: 5, reviewed: true }), NOW)).toMatchObject({ ok: false, reason: 'already_reviewed' });
    expect(checkRequestAction('approve', 'requester', facts({ status: 2, type: 'camp', startTime: NOW + 10 }), NOW)).toMatchObject({ ok: false, reason: 'not_started' });
    expect(checkRequestAction('approve', 'requester', facts({ status: 2, type: 'camp', startTime: NOW - 10 }), NOW)).toEqual({ ok: true, to: 5, money: null });
    expect(checkRequestAction('approve', 'requester', facts({ status: 2, type: 'shoutout' }), NOW)).toMatchObject({ ok: false, reason: 'status' });
    // A call in progress is finished by completing it, not approved.
    expect(checkRequestAction('approve', 'requester', facts({ status: 6, type: 'video_chat' }), NOW)).toMatchObject({ ok: false, reason: 'status' });
    expect(checkRequestAction('complete_video_chat', 'requester', facts({ status: 6, type: 'video_chat' }), NOW)).toEqual({ ok: true, to: 5, money: null });
  });

  it('a video chat starts by its athlete inside its window; one that never happened is approved only once the window is over', () => {
    const chat = (startTime: number, status: 1 | 2 | 6 = 2) => facts({ status, type: 'video_chat', startTime });
    expect(checkRequestAction('start_video_chat', 'athlete', chat(NOW + 11 * 60), NOW)).toMatchObject({ ok: false, reason: 'chat_not_open' });
    expect(checkRequestAction('start_video_chat', 'athlete', chat(NOW + 10 * 60), NOW)).toEqual({ ok: true, to: 6, money: null });
    expect(checkRequestAction('start_video_chat', 'athlete', chat(NOW - 30 * 60), NOW)).toMatchObject({ ok: true });
    expect(checkRequestAction('start_video_chat', 'athlete', chat(NOW - 31 * 60), NOW)).toMatchObject({ ok: false, reason: 'chat_window_over' });
    expect(checkRequestAction('start_video_chat', 'requester', chat(NOW), NOW)).toMatchObject({ ok: false, reason: 'party' });
    expect(checkRequestAction('approve', 'requester', chat(NOW - 60), NOW)).toMatchObject({ ok: false, reason: 'chat_window_open' });
    expect(checkRequestAction('approve', 'requester', chat(NOW - 31 * 60), NOW)).toEqual({ ok: true, to: 5, money: null });
    // Never started: a no-show (no_show), never a completion in the athlete's favour.
    expect(checkRequestAction('auto_complete', 'system', chat(NOW - 3 * 86400), NOW)).toMatchObject({ ok: false, reason: 'status' });
    expect(checkRequestAction('complete_video_chat', 'system', chat(NOW, 6), NOW)).toMatchObject({ ok: true, to: 5 });
    expect(checkRequestAction('complete_video_chat', 'athlete', chat(NOW, 2), NOW)).toMatchObject({ ok: false, reason: 'status' });
  });

  it('delivery is for video services only, flagging for shoutouts only', () => {
    expect(checkRequestAction('deliver', 'athlete', facts({ status: 2, type: 'endorsement' }), NOW)).toMatchObject({ ok: true, to: 4 });
    expect(checkRequestAction('deliver', 'athlete', facts({ status: 2, type: 'camp' }), NOW)).toMatchObject({ ok: false });
    expect(checkRequestAction('flag', 'requester', facts({ status: 4 }), NOW)).toMatchObject({ ok: true, to: 4 });
    expect(checkRequestAction('flag', 'requester', facts({ status: 4, type: 'endorsement' }), NOW)).toMatchObject({ ok: false });
    expect(checkRequestAction('flag', 'requester', facts({ status: 4, flagged: true }), NOW)).toMatchObject({ ok: false, reason: 'already_flagged' });
  });
});

describe('timers', () => {
  it('expires 6 days after payment, or an hour before the start when that is sooner', () => {
    expect(expirationTime(NOW, null)).toBe(NOW + 6 * 86400);
    expect(expirationTime(NOW, NOW + 3 * 3600)).toBe(NOW + 2 * 3600);
    expect(expirationTime(NOW, NOW + 30 * 86400)).toBe(NOW + 6 * 86400);
    // Paid within the hour before the start: it can be accepted until the start.
    expect(expirationTime(NOW, NOW + 600)).toBe(NOW + 600);
  });

  it('always leaves the athlete an hour to answer, or until the start when that is sooner', () => {
    // Paid 61 minutes ahead: until a minute before the start, not a minute after payment.
    expect(expirationTime(NOW, NOW + 61 * 60)).toBe(NOW + 60 * 60);
    // Paid 90 minutes ahead: an hour after payment, half an hour before the start.
    expect(expirationTime(NOW, NOW + 90 * 60)).toBe(NOW + 60 * 60);
    // Two hours ahead and more, the hour before the start again.
    expect(expirationTime(NOW, NOW + 2 * 3600)).toBe(NOW + 3600);
    expect(expirationTime(NOW, NOW + 2 * 3600 + 60)).toBe(NOW + 3600 + 60);
    // No cliff: a second either side of "an hour before" gives nearly the same time to answer.
    const start = NOW + 3600 + 1;
    expect(expirationTime(NOW, start) - NOW).toBe(3600);
    expect(expirationTime(NOW + 2, start) - (NOW + 2)).toBe(3599);
  });

  it('never outlives the card hold: at most its deadline less the capture margin', () => {
    const week = { ...REQUEST_TIMERS, pendingExpirySeconds: 7 * 86400 };
    // Counted from the authorisation: 7 days less 2 hours when the provider gives no deadline.
    expect(expirationTime(NOW, null, week)).toBe(NOW + 7 * 86400 - 2 * 3600);
    // The provider's capture_before wins when it is sooner.
    expect(expirationTime(NOW, null, REQUEST_TIMERS, NOW + 3 * 86400)).toBe(NOW + 3 * 86400 - 2 * 3600);
    expect(MAX_PENDING_EXPIRY_HOURS).toBe(166);
  });

  it('a hold gone before its capture cancels the request by the system alone, never a campaign share', () => {
    for (const status of [1, 2, 4, 6] as const) {
      expect(checkRequestAction('hold_lapse', 'system', facts({ status, type: status === 6 ? 'video_chat' : 'shoutout' }), NOW)).toEqual({ ok: true, to: 3, money: null });
    }
    expect(checkRequestAction('hold_lapse', 'system', facts({ status: 5 }), NOW)).toMatchObject({ ok: false, reason: 'status' });
    expect(checkRequestAction('hold_lapse', 'admin', facts({ status: 2 }), NOW)).toMatchObject({ ok: false, reason: 'party' });
    expect(checkRequestAction('hold_lapse', 'system', facts({ status: 2, type: 'endorsement', inCampaign: true }), NOW)).toMatchObject({ ok: false });
  });

  it('auto-completes a delivered video after 7 days and an event 2 days after its end', () => {
    expect(autoCompletionTime({ status: 4, type: 'shoutout', deliveredAt: NOW })).toBe(NOW + 7 * 86400);
    const { end } = eventWindow('camp', NOW, 3);
    expect(end).toBe(NOW + 3 * 3600);
    expect(autoCompletionTime({ status: 2, type: 'camp', eventEnd: end })).toBe(end + 2 * 86400);
    expect(autoCompletionTime({ status: 2, type: 'shoutout' })).toBeNull();
    expect(eventWindow('video_chat', NOW).end).toBe(NOW + 300);
  });

  it('never auto-completes a flagged shoutout or a video chat that never started', () => {
    expect(autoCompletionTime({ status: 4, type: 'shoutout', deliveredAt: NOW, flagged: true })).toBeNull();
    expect(autoCompletionTime({ status: 2, type: 'video_chat', eventEnd: NOW })).toBeNull();
    // A started call left in progress still completes: the athlete showed up.
    expect(autoCompletionTime({ status: 6, type: 'video_chat', eventEnd: NOW })).toBe(NOW + 2 * 86400);
    expect(checkRequestAction('auto_complete', 'system', facts({ status: 4, flagged: true }), NOW)).toMatchObject({ ok: false, reason: 'flagged' });
    expect(checkRequestAction('auto_complete', 'system', facts({ status: 4 }), NOW)).toEqual({ ok: true, to: 5, money: null });
    expect(checkRequestAction('auto_complete', 'system', facts({ status: 2, type: 'camp', startTime: NOW - 3 * 86400 }), NOW)).toEqual({ ok: true, to: 5, money: null });
    expect(checkRequestAction('auto_complete', 'system', facts({ status: 6, type: 'video_chat', startTime: NOW - 3 * 86400, chatStarted: true }), NOW)).toEqual({ ok: true, to: 5, money: null });
  });

  it('a flagged shoutout waits for an administrator, who approves it for the athlete or cancels and refunds it', () => {
    expect(checkRequestAction('admin_approve', 'admin', facts({ status: 4, flagged: true }), NOW)).toEqual({ ok: true, to: 5, money: null });
    expect(checkRequestAction('admin_cancel', 'admin', facts({ status: 4, flagged: true }), NOW)).toEqual({ ok: true, to: 3, money: 'refund' });
    expect(checkRequestAction('admin_approve', 'admin', facts({ status: 4 }), NOW)).toMatchObject({ ok: false, reason: 'not_flagged' });
    expect(checkRequestAction('admin_approve', 'admin', facts({ status: 2, flagged: true }), NOW)).toMatchObject({ ok: false, reason: 'status' });
    expect(checkRequestAction('admin_approve', 'admin', facts({ status: 4, type: 'endorsement', flagged: true }), NOW)).toMatchObject({ ok: false, reason: 'status' });
    for (const party of ['requester', 'athlete', 'system'] as const) {
      expect(checkRequestAction('admin_approve', party, facts({ status: 4, flagged: true }), NOW)).toMatchObject({ ok: false, reason: 'party' });
    }
    expect(availableActions('admin', facts({ status: 4, flagged: true }), NOW)).toEqual(['admin_cancel', 'admin_approve']);
    expect(availableActions('admin', facts({ status: 4 }), NOW)).toEqual(['admin_cancel']);
  });

  it('a video chat its athlete never started is a no-show once its window is over: canceled and refunded in full', () => {
    const chat = (over: Partial<RequestFacts>) => facts({ status: 2, type: 'video_chat', startTime: NOW - 31 * 60, ...over });
    expect(isVideoChatNoShow(chat({}), NOW)).toBe(true);
    // Its window (until 30 minutes after the booked time) is still open: it can still happen.
    expect(isVideoChatNoShow(chat({ startTime: NOW - 30 * 60 }), NOW)).toBe(false);
    expect(isVideoChatNoShow(chat({ startTime: NOW + 3600 }), NOW)).toBe(false);
    expect(isVideoChatNoShow(chat({ chatStarted: true }), NOW)).toBe(false);
    expect(isVideoChatNoShow(chat({ status: 6, chatStarted: true }), NOW)).toBe(false);
    expect(isVideoChatNoShow(chat({ type: 'camp' }), NOW)).toBe(false);
    expect(isVideoChatNoShow(chat({ startTime: null }), NOW)).toBe(false);
    expect(checkRequestAction('no_show', 'system', chat({}), NOW)).toEqual({ ok: true, to: 3, money: 'refund' });
    expect(checkRequestAction('no_show', 'system', chat({ startTime: NOW - 60 }), NOW)).toMatchObject({ ok: false, reason: 'chat_window_open' });
    expect(checkRequestAction('no_show', 'system', chat({ status: 6, chatStarted: true }), NOW)).toMatchObject({ ok: false, reason: 'status' });
    expect(checkRequestAction('no_show', 'system', chat({ type: 'camp' }), NOW)).toMatchObject({ ok: false, reason: 'status' });
    expect(checkRequestAction('no_show', 'admin', chat({}), NOW)).toMatchObject({ ok: false, reason: 'party' });
  });

  it('an accepted shoutout or endorsement must be delivered within 7 days of its acceptance, or it is canceled and refunded', () => {
    expect(deliveryDeadline({ status: 2, type: 'shoutout', acceptedAt: NOW })).toBe(NOW + 7 * 86400);
    expect(deliveryDeadline({ status: 2, type: 'endorsement', acceptedAt: NOW }, { deliveryDeadlineSeconds: 3 * 86400 })).toBe(NOW + 3 * 86400);
    expect(deliveryDeadline({ status: 4, type: 'shoutout', acceptedAt: NOW })).toBeNull();
    expect(deliveryDeadline({ status: 2, type: 'camp', acceptedAt: NOW })).toBeNull();
    expect(deliveryDeadline({ status: 2, type: 'shoutout', acceptedAt: null })).toBeNull();
    const accepted = (deadline: number | null, over: Partial<RequestFacts> = {}) => facts({ status: 2, deliveryDeadline: deadline, ...over });
    expect(checkRequestAction('missed_delivery', 'system', accepted(NOW), NOW)).toEqual({ ok: true, to: 3, money: 'refund' });
    expect(checkRequestAction('missed_delivery', 'system', accepted(NOW + 1), NOW)).toMatchObject({ ok: false, reason: 'not_due' });
    expect(checkRequestAction('missed_delivery', 'system', accepted(null), NOW)).toMatchObject({ ok: false, reason: 'not_due' });
    // A campaign's endorsement refunds its share alone.
    expect(checkRequestAction('missed_delivery', 'system', accepted(NOW, { type: 'endorsement', inCampaign: true }), NOW)).toEqual({ ok: true, to: 3, money: 'refund_share' });
    // Delivered before the deadline: no longer due.
    expect(checkRequestAction('missed_delivery', 'system', accepted(NOW, { status: 4 }), NOW)).toMatchObject({ ok: false, reason: 'status' });
    expect(checkRequestAction('missed_delivery', 'requester', accepted(NOW), NOW)).toMatchObject({ ok: false, reason: 'party' });
  });

  it('a start must be at least a minute ahead', () => {
    expect(isBookableStart(NOW + 60, NOW)).toBe(true);
    expect(isBookableStart(NOW + 59, NOW)).toBe(false);
    expect(isBookableStart(NOW - 3600, NOW)).toBe(false);
  });
});

describe('platform fee split', () => {
  it('fee rounds half up to a cent and fee + athlete share is always the amount', () => {
    expect(splitAmount(1000, 20)).toEqual({ feeCents: 200, athleteCents: 800 });
    expect(splitAmount(1003, 20)).toEqual({ feeCents: 201, athleteCents: 802 }); // 200.6 -> 201
    expect(splitAmount(1002, 20)).toEqual({ feeCents: 200, athleteCents: 802 }); // 200.4 -> 200
    expect(splitAmount(1, 50)).toEqual({ feeCents: 1, athleteCents: 0 }); // 0.5 -> 1
    for (let cents = 0; cents < 5000; cents += 7) {
      const { feeCents, athleteCents } = splitAmount(cents, 17.5);
      expect(feeCents + athleteCents).toBe(cents);
      expect(Number.isInteger(feeCents)).toBe(true);
    }
    expect(() => splitAmount(10.5, 20)).toThrow(RangeError);
    expect(() => splitAmount(100, 120)).toThrow(RangeError);
  });
});

describe("a request history's labels", () => {
  it("names paying a request 'Card held' (it is charged on acceptance) and a campaign's request 'Paid' (charged at once)", () => {
    expect(historyLabel('pay', false)).toBe('Card held');
    expect(historyLabel('pay', true)).toBe('Paid');
    expect(historyLabel('create', false)).toBe('Requested');
    expect(historyLabel('admin_cancel', false)).toBe('Canceled by an administrator');
  });
});
