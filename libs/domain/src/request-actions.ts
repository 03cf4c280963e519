import { withArticle } from './format/words';
import { RequestStatus } from './request-status';
import type { RequestStatusCode } from './request-status';
import type { ServiceType } from './service-types';
import { VIDEO_DELIVERY_TYPES } from './service-types';
import { videoChatWindowState } from './video-chat';

/**
 * The request core (spec §4, DESIGN "Requests and money"): every action on a single-athlete
 * request, who may take it, from which statuses, for which service types, and what it leads to.
 * The API's one state-change service and every action panel read this table; nothing else decides
 * whether an action is legal.
 *
 * The spec lists the status changes but says "the exact transition table is not shown". Huddle's
 * reading, written down here where the rule lives:
 * - accept 1 -> 2 and decline 1 -> 3 are the athlete's; cancel 1 -> 3 is the requester's.
 * - a video (endorsement, shoutout) is delivered 2 -> 4 and approved 4 -> 5.
 * - a timed event (appearance, speaking engagement, training session, camp) is approved 2 -> 5 once
 *   it has started.
 * - a video chat (video-chat.ts) is started by its athlete inside its window (2 -> 6), and finished
 *   when either party leaves after confirming or its time is up (6 -> 5, completed). A started call
 *   completes even when the requester never joined: the athlete showed up.
 * - the system expires an unaccepted request (1 -> 3), auto-completes a delivered video or a past
 *   event nobody approved (4 -> 5, 2 -> 5 for events, 6 -> 5 for a call left in progress), and
 *   finishes a call whose time ran out (complete_video_chat).
 * Fair timers (issue 21): the system's defaults never pay an athlete for what did not happen.
 * - a video chat its athlete never started is, once its window is over, a no-show (2 -> 3): canceled
 *   and refunded in full (isVideoChatNoShow). The requester may still approve it (2 -> 5) before
 *   the timers get to it, if it took place some other way: paying is their choice, never a default.
 * - an event (appearance, speaking engagement, training session, camp) keeps auto-completing two
 *   days after its end: Huddle has no way to know who attended, and the requester had those two
 *   days to approve it, ask support or have an administrator cancel it.
 * - a shoutout the requester flagged as inappropriate never auto-completes: it waits for an
 *   administrator, who approves it for the athlete (admin_approve, 4 -> 5) or cancels and refunds it.
 * - an accepted shoutout or endorsement not delivered by its deadline (deliveryDeadline: days after
 *   acceptance) is canceled and refunded (missed_delivery, 2 -> 3; a campaign's share is refunded).
 * - an administrator may cancel any request that is not finished or canceled (-> 3); money that
 *   was captured is refunded.
 * - the system cancels an accepted request whose card hold was gone before it could be charged
 *   (hold_lapse, 1/2/4/6 -> 3): the provider canceled it or it lapsed, so nothing was collected.
 * - the system cancels a request whose athlete is gone (athlete_gone, 1 -> 3, 2 -> 3): a campaign
 *   draft's share paid after its athlete was blocked or deleted is refunded at once; a deleted
 *   athlete's requests still waiting for an answer are released (a campaign's share refunded),
 *   and those accepted but not yet performed (an event or a call not started, a video not
 *   delivered) are refunded. One already started is settled as it stands (its timers, or an
 *   administrator).
 * - review and flag change no status (review: once, status 5; flag: shoutouts at 4).
 * Apple in-app purchase (is_apple_iap, the disabled Pay, 'Awaiting payment') belongs to a mobile
 * app Huddle does not ship: requests are always paid by card, so is_apple_iap is always false.
 */
export const REQUEST_ACTIONS = [
  'accept',
  'decline',
  'cancel',
  'deliver',
  'start_video_chat',
  'complete_video_chat',
  'approve',
  'review',
  'flag',
  'expire',
  'auto_complete',
  'admin_cancel',
  'hold_lapse',
  'no_show',
  'missed_delivery',
  'admin_approve',
  'athlete_gone',
] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

/** Who takes an action: the request's requester or athlete, an administrator, or the system's timers. */
export type RequestParty = 'requester' | 'athlete' | 'admin' | 'system';

/**
 * What happens to the money when the action succeeds (carried out by payments, the provider calls
 * as jobs). A single request's card is held at payment, captured on acceptance, voided or
 * refunded otherwise. A campaign's payment is captured at once (holds would lapse before every
 * athlete answers), so its requests' money moves differently: acceptance allocates the share
 * (owed to the athlete, the fee to the platform), and a decline, cancel, expiry or an
 * administrator's cancel refunds that share alone (campaignMoneyStep).
 */
export type MoneyStep = 'capture' | 'void' | 'refund' | 'void_or_refund' | 'allocate' | 'refund_share';

/** Timed services: booked for a moment, so they can clash in an athlete's calendar. */
export const TIMED_SERVICE_TYPES = [
  'personal_appearance',
  'speaking_engagement',
  'training_session',
  'camp',
  'video_chat',
] as const satisfies readonly ServiceType[];
export type TimedServiceType = (typeof TIMED_SERVICE_TYPES)[number];

/** Timed services held in person, approved 2 -> 5 after they started. */
export const EVENT_SERVICE_TYPES = [
  'personal_appearance',
  'speaking_engagement',
  'training_session',
  'camp',
] as const satisfies readonly ServiceType[];

const SINGLE_ATHLETE_TYPES: readonly ServiceType[] = [
  'personal_appearance',
  'speaking_engagement',
  'training_session',
  'endorsement',
  'video_chat',
  'shoutout',
  'camp',
];

export interface RequestActionRule {
  parties: readonly RequestParty[];
  /** For each status the action applies to, the types it applies to there. */
  from: Partial<Record<RequestStatusCode, readonly ServiceType[]>>;
  /** The status it leads to; null keeps the status (review, flag, completing a video chat). */
  to: RequestStatusCode | null;
  money?: MoneyStep;
  /** What the history and the admin call it. */
  label: string;
}

const { Pending, Accepted, Canceled, PendingReview, Finished, InProgress } = RequestStatus;
const VIDEO: readonly ServiceType[] = VIDEO_DELIVERY_TYPES;
const EVENTS: readonly ServiceType[] = EVENT_SERVICE_TYPES;
const CHAT: readonly ServiceType[] = ['video_chat'];
const SHOUTOUT: readonly ServiceType[] = ['shoutout'];
const ALL = SINGLE_ATHLETE_TYPES;

export const REQUEST_ACTION_RULES: Readonly<Record<RequestAction, RequestActionRule>> = {
  accept: { parties: ['athlete'], from: { [Pending]: ALL }, to: Accepted, money: 'capture', label: 'Accepted' },
  decline: { parties: ['athlete'], from: { [Pending]: ALL }, to: Canceled, money: 'void', label: 'Declined' },
  cancel: { parties: ['requester'], from: { [Pending]: ALL }, to: Canceled, money: 'void', label: 'Canceled by the requester' },
  deliver: { parties: ['athlete'], from: { [Accepted]: VIDEO }, to: PendingReview, label: 'Video delivered' },
  start_video_chat: { parties: ['athlete'], from: { [Accepted]: CHAT }, to: InProgress, label: 'Video chat started' },
  complete_video_chat: { parties: ['athlete', 'requester', 'system'], from: { [InProgress]: CHAT }, to: Finished, label: 'Video chat completed' },
  approve: {
    parties: ['requester'],
    from: { [Accepted]: [...EVENTS, ...CHAT], [PendingReview]: VIDEO },
    to: Finished,
    label: 'Approved',
  },
  review: { parties: ['requester'], from: { [Finished]: ALL }, to: null, label: 'Reviewed' },
  flag: { parties: ['requester'], from: { [PendingReview]: SHOUTOUT }, to: null, label: 'Flagged as inappropriate' },
  expire: { parties: ['system'], from: { [Pending]: ALL }, to: Canceled, money: 'void', label: 'Expired' },
  // A chat accepted and never started is a no-show, never completed; a flagged shoutout waits for an administrator.
  auto_complete: {
    parties: ['system'],
    from: { [Accepted]: EVENTS, [PendingReview]: VIDEO, [InProgress]: CHAT },
    to: Finished,
    label: 'Completed automatically',
  },
  admin_cancel: {
    parties: ['admin'],
    from: { [Pending]: ALL, [Accepted]: ALL, [PendingReview]: ALL, [InProgress]: ALL },
    to: Canceled,
    money: 'void_or_refund',
    label: 'Canceled by an administrator',
  },
  // The card hold was gone before it could be charged (it lapsed at the provider, or was canceled
  // there): nothing was collected, so the request cannot stand and the athlete must not deliver.
  // Payments found it and already released the hold in the ledger, so it carries no money step.
  // Campaign requests are paid at once and never held, so it does not apply to them.
  hold_lapse: {
    parties: ['system'],
    from: { [Pending]: ALL, [Accepted]: ALL, [PendingReview]: ALL, [InProgress]: ALL },
    to: Canceled,
    label: 'Canceled: the card hold expired before it could be charged',
  },
  // The athlete never started the video chat and its window is over: the requester gets it all back.
  no_show: {
    parties: ['system'],
    from: { [Accepted]: CHAT },
    to: Canceled,
    money: 'refund',
    label: 'Canceled: the athlete did not start the video chat',
  },
  // The accepted video was not delivered by its deadline: the captured payment (or a campaign's share) is refunded.
  missed_delivery: {
    parties: ['system'],
    from: { [Accepted]: VIDEO },
    to: Canceled,
    money: 'refund',
    label: 'Canceled: not delivered in time',
  },
  // Nobody is there to answer or perform it: a campaign draft paid after one of its athletes was
  // blocked or deleted (the business had opened checkout before; the block itself cancels only what
  // is already paid), or the athlete deleted their account. Pending: the hold is released (a
  // campaign's share refunded); accepted and not started: the payment is refunded.
  athlete_gone: {
    parties: ['system'],
    from: { [Pending]: ALL, [Accepted]: ALL },
    to: Canceled,
    money: 'void_or_refund',
    label: 'Canceled: the athlete is no longer on Huddle',
  },
  // A flagged shoutout an administrator looked at and found acceptable: the athlete's share stays owed.
  admin_approve: {
    parties: ['admin'],
    from: { [PendingReview]: SHOUTOUT },
    to: Finished,
    label: 'Approved by an administrator',
  },
};

/** The facts about a request an action's legality depends on. */
export interface RequestFacts {
  status: RequestStatusCode;
  type: ServiceType;
  /** The card is authorised: an unpaid draft is the requester's alone and takes no action but payment. */
  paid: boolean;
  reviewed: boolean;
  /** The event's start, unix seconds (timed services). */
  startTime?: number | null;
  /** A video chat whose completion was recorded. */
  videoChatCompleted?: boolean;
  /** Its athlete started the video chat (chat_started_at is set). */
  chatStarted?: boolean;
  /** When an accepted video must be delivered by, unix seconds (deliveryDeadline, with the configured days). */
  deliveryDeadline?: number | null;
  /** Flagged as inappropriate already (once is enough for the administrator). */
  flagged?: boolean;
  /** One athlete's request of an endorsement campaign: its money was captured with the campaign's. */
  inCampaign?: boolean;
}

export type ActionCheck =
  | { ok: true; to: RequestStatusCode; money: MoneyStep | null }
  | {
      ok: false;
      reason:
        | 'party'
        | 'status'
        | 'unpaid'
        | 'already_reviewed'
        | 'already_flagged'
        | 'not_started'
        | 'chat_not_open'
        | 'chat_window_over'
        | 'chat_window_open'
        | 'flagged'
        | 'not_flagged'
        | 'not_due'
        | 'started';
      message: string;
    };

const STATUS_WORDS: Record<RequestStatusCode, string> = {
  1: 'pending',
  2: 'accepted',
  3: 'canceled',
  4: 'pending review',
  5: 'finished',
  6: 'in progress',
};

/**
 * Whether `party` may take `action` on a request with these facts now (unix seconds). The API
 * checks it with the row locked; the panels use it to show only the buttons that will work.
 */
export function checkRequestAction(action: RequestAction, party: RequestParty, facts: RequestFacts, nowSeconds: number): ActionCheck {
  const rule = REQUEST_ACTION_RULES[action];
  if (!rule.parties.includes(party)) {
    return { ok: false, reason: 'party', message: 'You are not allowed to do this' };
  }
  // An administrator may end an unpaid single draft (its hold, if any, is voided); a campaign's
  // request is paid with its campaign, so before that nothing may touch it on its own.
  if (!facts.paid && (party !== 'admin' || facts.inCampaign)) {
    return { ok: false, reason: 'unpaid', message: 'This request is not paid yet' };
  }
  const types = rule.from[facts.status];
  if (!types || !types.includes(facts.type)) {
    return { ok: false, reason: 'status', message: `This cannot be done to ${withArticle(STATUS_WORDS[facts.status])} request` };
  }
  if (action === 'hold_lapse' && facts.inCampaign) {
    return { ok: false, reason: 'status', message: "A campaign's request is paid at once, never held" };
  }
  if (action === 'review' && facts.reviewed) {
    return { ok: false, reason: 'already_reviewed', message: 'This request is already reviewed' };
  }
  if (action === 'flag' && facts.flagged) {
    return { ok: false, reason: 'already_flagged', message: 'You already reported this video' };
  }
  if (action === 'auto_complete' && facts.status === PendingReview && facts.flagged) {
    return { ok: false, reason: 'flagged', message: 'A flagged video waits for an administrator' };
  }
  if (action === 'admin_approve' && !facts.flagged) {
    return { ok: false, reason: 'not_flagged', message: 'Only a flagged video waits for an administrator to approve it' };
  }
  if (action === 'no_show' && !isVideoChatNoShow(facts, nowSeconds)) {
    return { ok: false, reason: 'chat_window_open', message: 'The video chat can still take place' };
  }
  if (action === 'missed_delivery' && (facts.deliveryDeadline == null || facts.deliveryDeadline > nowSeconds)) {
    return { ok: false, reason: 'not_due', message: 'The delivery deadline has not passed' };
  }
  // Performed in part, or perhaps in full: it is settled by its own timers or an administrator.
  if (action === 'athlete_gone' && facts.status === Accepted && facts.startTime != null && facts.startTime <= nowSeconds) {
    return { ok: false, reason: 'started', message: 'It has already started' };
  }
  if ((action === 'approve' || action === 'auto_complete') && facts.status === Accepted) {
    if (facts.startTime == null || facts.startTime > nowSeconds) {
      return { ok: false, reason: 'not_started', message: 'The event has not started yet' };
    }
    // A chat is approved unheld only once it can no longer start: until then it can still happen.
    if (facts.type === 'video_chat' && videoChatWindowState(facts.startTime, nowSeconds) !== 'over') {
      return { ok: false, reason: 'chat_window_open', message: 'The video chat can still take place' };
    }
  }
  if (action === 'start_video_chat') {
    const state = facts.startTime == null ? 'over' : videoChatWindowState(facts.startTime, nowSeconds);
    if (state === 'early') return { ok: false, reason: 'chat_not_open', message: 'The video chat opens 10 minutes before its time' };
    if (state === 'over') return { ok: false, reason: 'chat_window_over', message: 'The time for this video chat has passed' };
  }
  const to = rule.to ?? facts.status;
  let money: MoneyStep | null = rule.money ?? null;
  // An administrator's cancel (or an athlete gone) voids a hold nobody captured yet, and refunds one that was captured.
  if (money === 'void_or_refund') money = facts.status === Pending ? 'void' : 'refund';
  if (facts.inCampaign && money !== null) money = campaignMoneyStep(money);
  return { ok: true, to, money };
}

/**
 * The money step of a campaign's request: nothing is held, the campaign's payment was captured,
 * so an acceptance allocates the share and anything that ends the request unfinished refunds it.
 */
export function campaignMoneyStep(step: MoneyStep): MoneyStep {
  if (step === 'capture') return 'allocate';
  if (step === 'void' || step === 'refund' || step === 'void_or_refund') return 'refund_share';
  return step;
}

/** Paid endorsements must be disclosed: accepting one needs the athlete's acknowledgement (ENDORSEMENT_DISCLOSURE). */
export function acceptNeedsDisclosure(type: ServiceType): boolean {
  return type === 'endorsement';
}

/** The actions a party could take on a request now: what an action panel offers. */
export function availableActions(party: RequestParty, facts: RequestFacts, nowSeconds: number): RequestAction[] {
  return REQUEST_ACTIONS.filter((action) => checkRequestAction(action, party, facts, nowSeconds).ok);
}

export function isTimedService(type: ServiceType): type is TimedServiceType {
  return (TIMED_SERVICE_TYPES as readonly string[]).includes(type);
}

export function isEventService(type: ServiceType): boolean {
  return (EVENT_SERVICE_TYPES as readonly string[]).includes(type);
}

/** Statuses that hold a slot in the athlete's calendar (double-booking refusal). */
export const CALENDAR_HOLDING_STATUSES: readonly RequestStatusCode[] = [Accepted, InProgress];

/** Statuses a request never leaves. */
export const FINAL_STATUSES: readonly RequestStatusCode[] = [Canceled, Finished];

/** How long each timed service lasts when the booking gives no duration (spec §9). */
export const SERVICE_DURATION_MINUTES: Record<TimedServiceType, number> = {
  personal_appearance: 60,
  speaking_engagement: 60,
  training_session: 60,
  camp: 60,
  video_chat: 5,
};

/** The slot a timed request holds, [start, end) in unix seconds; hours only for camp and training. */
export function eventWindow(type: TimedServiceType, startSeconds: number, hours?: number | null): { start: number; end: number } {
  const minutes = (type === 'camp' || type === 'training_session') && hours ? hours * 60 : SERVICE_DURATION_MINUTES[type];
  return { start: startSeconds, end: startSeconds + minutes * 60 };
}

/** Timer defaults (each configurable in the API's configuration). */
export const REQUEST_TIMERS = {
  /** A paid, unaccepted request expires this long after payment ... */
  pendingExpirySeconds: 6 * 24 * 3600,
  /** ... or this long before its event starts, when that is sooner and still leaves this long after payment (expirationTime). */
  expiryBeforeStartSeconds: 3600,
  /** A delivered video nobody approved is completed after this long. */
  deliveredAutoCompleteSeconds: 7 * 24 * 3600,
  /** A timed event nobody approved is completed this long after it ended. */
  eventAutoCompleteSeconds: 2 * 24 * 3600,
  /** An accepted video must be delivered within this long of its acceptance, or it is canceled and refunded. */
  deliveryDeadlineSeconds: 7 * 24 * 3600,
  /** An unpaid draft is deleted after this long. */
  unpaidDraftTtlSeconds: 24 * 3600,
} as const;

export interface TimerSettings {
  pendingExpirySeconds: number;
  expiryBeforeStartSeconds: number;
  deliveredAutoCompleteSeconds: number;
  eventAutoCompleteSeconds: number;
  deliveryDeadlineSeconds: number;
}

/**
 * A card hold lasts 7 days at the provider (Stripe's window for online card payments); a request
 * must be accepted, and so captured, before it lapses, with this much time left for the capture
 * (and its retries) to run.
 */
export const CARD_HOLD_SECONDS = 7 * 24 * 3600;
export const CAPTURE_MARGIN_SECONDS = 2 * 3600;
/** The longest REQUEST_EXPIRY_HOURS may be: a pending request never outlives its card hold. */
export const MAX_PENDING_EXPIRY_HOURS = (CARD_HOLD_SECONDS - CAPTURE_MARGIN_SECONDS) / 3600;

/**
 * When a paid, pending request expires: the earliest of the card's authorisation + 6 days, the
 * hold's deadline less the capture margin (the provider's capture_before when it gives one, else 7
 * days after authorisation), and, for an event, 1 hour before its start, but never sooner than an
 * hour after the authorisation or the start, whichever is first. Expiry counts from the
 * authorisation, not from when Huddle learned of it.
 *
 * So the athlete has that hour to answer (unless the 6 days or the hold end sooner), or until the
 * start when it comes sooner: an event
 * booked to start within the hour (the form allows one minute ahead) can be accepted until it
 * starts, and one paid 61 minutes ahead until 1 minute before it, not for the one minute left
 * before its "hour before" (a paid request that expired as the athlete opened it).
 */
export function expirationTime(
  authorisedAtSeconds: number,
  startSeconds: number | null,
  timers: TimerSettings = REQUEST_TIMERS,
  captureBeforeSeconds: number | null = null,
): number {
  const holdEnds = (captureBeforeSeconds ?? authorisedAtSeconds + CARD_HOLD_SECONDS) - CAPTURE_MARGIN_SECONDS;
  const afterPayment = Math.min(authorisedAtSeconds + timers.pendingExpirySeconds, holdEnds);
  if (startSeconds == null) return afterPayment;
  const beforeStart = startSeconds - timers.expiryBeforeStartSeconds;
  const answerWindowEnds = Math.min(startSeconds, authorisedAtSeconds + timers.expiryBeforeStartSeconds);
  return Math.min(afterPayment, Math.max(beforeStart, answerWindowEnds));
}

/**
 * When the system completes an accepted or delivered request nobody approved; null when nothing is
 * due: a flagged video waits for an administrator, and an accepted video chat that never started
 * is a no-show (isVideoChatNoShow), not a completion.
 */
export function autoCompletionTime(
  facts: { status: RequestStatusCode; type: ServiceType; deliveredAt?: number | null; eventEnd?: number | null; flagged?: boolean },
  timers: TimerSettings = REQUEST_TIMERS,
): number | null {
  if (facts.status === PendingReview && facts.deliveredAt != null) return facts.flagged ? null : facts.deliveredAt + timers.deliveredAutoCompleteSeconds;
  if (facts.status === Accepted && facts.type === 'video_chat') return null;
  if ((facts.status === Accepted || facts.status === InProgress) && isTimedService(facts.type) && facts.eventEnd != null) {
    return facts.eventEnd + timers.eventAutoCompleteSeconds;
  }
  return null;
}

/**
 * When an accepted shoutout or endorsement must be delivered by (unix seconds): its acceptance plus
 * DELIVERY_DEADLINE_DAYS. Past it the request is canceled and refunded (missed_delivery). Null for
 * anything else: not a video, not accepted (delivered, finished, canceled), or no acceptance time.
 */
export function deliveryDeadline(
  facts: { status: RequestStatusCode; type: ServiceType; acceptedAt?: number | null },
  timers: Pick<TimerSettings, 'deliveryDeadlineSeconds'> = REQUEST_TIMERS,
): number | null {
  if (facts.status !== Accepted || !(VIDEO as readonly string[]).includes(facts.type) || facts.acceptedAt == null) return null;
  return facts.acceptedAt + timers.deliveryDeadlineSeconds;
}

/**
 * A video chat its athlete never started, now that its window is over (it can no longer start):
 * the system cancels it and refunds the requester in full (no_show).
 */
export function isVideoChatNoShow(facts: Pick<RequestFacts, 'status' | 'type' | 'startTime' | 'chatStarted'>, nowSeconds: number): boolean {
  if (facts.status !== Accepted || facts.type !== 'video_chat' || facts.chatStarted || facts.startTime == null) return false;
  return videoChatWindowState(facts.startTime, nowSeconds) === 'over';
}

/** Platform fee default (PLATFORM_FEE_PERCENT). */
export const DEFAULT_PLATFORM_FEE_PERCENT = 20;

/**
 * The one rounding rule: the fee is the amount times the percent, rounded half up to a whole cent;
 * the athlete gets the rest, so fee + athlete share is always exactly the amount.
 */
export function splitAmount(amountCents: number, feePercent: number = DEFAULT_PLATFORM_FEE_PERCENT): { feeCents: number; athleteCents: number } {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError('amountCents must be a non-negative whole number of cents');
  if (!(feePercent >= 0 && feePercent <= 100)) throw new RangeError('feePercent must be between 0 and 100');
  const feeCents = Math.floor((amountCents * feePercent) / 100 + 0.5);
  return { feeCents, athleteCents: amountCents - feeCents };
}

/** A booking start must be at least one minute ahead (spec §5/§9, error 641). */
export function isBookableStart(startSeconds: number, nowSeconds: number, minLeadSeconds = 60): boolean {
  return Number.isFinite(startSeconds) && startSeconds >= nowSeconds + minLeadSeconds;
}

/**
 * How a request's history names a step. Paying a request only holds the card (it is charged when
 * the athlete accepts), so its step reads 'Card held': 'Paid' would tell the requester money moved
 * that has not. A campaign's requests are charged at once, so theirs read 'Paid'.
 */
export function historyLabel(action: string, inCampaign: boolean): string {
  if (action === 'create') return 'Requested';
  if (action === 'pay') return inCampaign ? 'Paid' : 'Card held';
  return (REQUEST_ACTION_RULES as Record<string, { label: string } | undefined>)[action]?.label ?? action;
}
