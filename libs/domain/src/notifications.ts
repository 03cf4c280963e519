import type { NotificationData } from './live-events';
import type { RequestAction, RequestParty } from './request-actions';
import { formatDate } from './format/dates';
import { withArticle } from './format/words';
import { SERVICE_LABELS, type ServiceType } from './service-types';

/** A change of a request, as the notification rules need it (the API's request-changed event plus names). */
export interface RequestChangeFacts {
  requestId: string;
  /** A request action, or 'pay' when the card is held and the athlete first sees the request. */
  action: RequestAction | 'pay';
  type: ServiceType;
  athleteId: string;
  requesterId: string;
  /** Display names: 'Jordan' (the athlete's first name), 'Riley P.' or the business's name. */
  athleteName: string;
  requesterName: string;
  /** Who took the action; the system's timers and an administrator are not a party. */
  actor: RequestParty;
  /** The endorsement campaign the request belongs to, if any. */
  campaign?: { id: string; name: string } | null;
}

/** One notification to write: its recipient, what it says, and whether it goes out by email too. */
export interface NotificationDraft {
  userId: string;
  data: NotificationData;
  /** The important events also go out by email (unless the recipient turned email off). */
  email: boolean;
}

function label(type: ServiceType): string {
  return SERVICE_LABELS[type].toLowerCase();
}

/**
 * Who learns of each step a request takes, and what they read (issue 11; spec §4's transitions):
 * - paid: the athlete (a new request to answer), by email too;
 * - accepted, declined: the requester, by email too;
 * - canceled by the requester: the athlete; by an administrator: both, the requester by email (refunded or released);
 * - expired: the requester by email (the hold released) and the athlete (it is gone from the list);
 * - delivered: the requester, by email too; a video chat started: the other party (join now);
 *   finished: the other party (its call screen closes), both when the time ran out;
 * - approved, auto-completed, reviewed: the athlete; approved by an administrator after a flag: the
 *   athlete, and the requester who reported it (in the app);
 * - canceled by the timers because the athlete never started a video chat (no_show) or did not
 *   deliver a video in time (missed_delivery): both, by email, the requester told of the refund to come.
 * - canceled because its athlete is gone (athlete_gone: blocked or deleted before a campaign's
 *   share was paid, or deleted before answering or performing it): the requester, by email; the
 *   athlete is gone.
 * Flagging is for the administrator's console, not a notification. Every notification opens the request.
 */
export function requestNotifications(change: RequestChangeFacts): NotificationDraft[] {
  if (change.campaign) return campaignRequestNotifications(change, change.campaign);
  const link = `/request/${change.requestId}`;
  const service = label(change.type);
  const toAthlete = (title: string, text: string, email = false): NotificationDraft => ({ userId: change.athleteId, data: { title, text, link }, email });
  const toRequester = (title: string, text: string, email = false): NotificationDraft => ({ userId: change.requesterId, data: { title, text, link }, email });
  switch (change.action) {
    case 'pay':
      return [toAthlete('New request', `${change.requesterName} booked ${withArticle(service)}. Accept or decline it before it expires.`, true)];
    case 'accept':
      return [toRequester('Request accepted', `${change.athleteName} accepted your ${service}.`, true)];
    // The decision says what will happen to the money; moneyNotification confirms it once the
    // provider did (nobody is told money moved before it moved).
    case 'decline':
      return [toRequester('Request declined', `${change.athleteName} declined your ${service}. Your card hold will be released.`, true)];
    case 'cancel':
      return [toAthlete('Request canceled', `${change.requesterName} canceled the ${service}.`)];
    case 'admin_cancel':
      return [
        toRequester('Request canceled', `Huddle canceled your ${service} with ${change.athleteName}. Your card hold will be released, or your payment refunded.`, true),
        toAthlete('Request canceled', `Huddle canceled the ${service} for ${change.requesterName}.`),
      ];
    case 'expire':
      return [
        toRequester('Request expired', `${change.athleteName} did not answer your ${service} in time. Your card hold will be released.`, true),
        toAthlete('Request expired', `The ${service} from ${change.requesterName} expired before you answered it.`),
      ];
    case 'deliver':
      return [toRequester('Your video is ready', `${change.athleteName} delivered your ${service}. Watch it and approve it.`, true)];
    case 'start_video_chat':
      // Either party may start it: the other one is told to join.
      return change.actor === 'requester'
        ? [toAthlete('Video chat started', `${change.requesterName} started the video chat. Join now.`)]
        : [toRequester('Video chat started', `${change.athleteName} started your video chat. Join now.`)];
    case 'complete_video_chat':
      // Whoever finished the call, the other party's screen closes it; when time ran out, both.
      if (change.actor === 'athlete') return [toRequester('Video chat finished', `${change.athleteName} finished your video chat.`)];
      if (change.actor === 'requester') return [toAthlete('Video chat finished', `${change.requesterName} finished the video chat.`)];
      return [toRequester('Video chat finished', 'The time of your video chat is up.'), toAthlete('Video chat finished', 'The time of your video chat is up.')];
    case 'approve':
      return [toAthlete('Request approved', `${change.requesterName} approved your ${service}.`)];
    case 'auto_complete':
      return [toAthlete('Request completed', `Your ${service} for ${change.requesterName} was completed.`)];
    case 'review':
      return [toAthlete('New review', `${change.requesterName} reviewed your ${service}.`)];
    case 'no_show':
      return [
        toRequester('Video chat canceled', `${change.athleteName} did not start your video chat. Your payment will be refunded.`, true),
        toAthlete('Video chat canceled', `You did not start the video chat with ${change.requesterName}, so it was canceled. The payment will be refunded.`, true),
      ];
    case 'missed_delivery':
      return [
        toRequester('Request canceled', `${change.athleteName} did not deliver your ${service} in time. Your payment will be refunded.`, true),
        toAthlete('Request canceled', `The ${service} for ${change.requesterName} was not delivered in time, so it was canceled. The payment will be refunded.`, true),
      ];
    case 'admin_approve':
      return [
        toAthlete('Request approved', `Huddle reviewed your ${service} for ${change.requesterName} and approved it.`),
        toRequester('Report reviewed', `Huddle reviewed the ${service} you reported and approved it.`),
      ];
    case 'athlete_gone':
      return [toRequester('Request canceled', `${change.athleteName} is no longer on Huddle, so your ${service} was canceled. Your card hold will be released, or your payment refunded.`, true)];
    case 'hold_lapse':
      return [
        toRequester('Request canceled', `The card hold expired before it could be charged, so your ${service} with ${change.athleteName} was canceled. Nothing was charged.`, true),
        toAthlete('Request canceled', `The card hold expired before it could be charged, so the ${service} for ${change.requesterName} was canceled. Do not deliver it.`, true),
      ];
    default:
      return [];
  }
}

/** What a money notice confirms: the card charged, its hold released, or a refund issued. */
export type MoneyNoticeKind = 'charged' | 'released' | 'refunded';

export interface MoneyNoticeFacts {
  kind: MoneyNoticeKind;
  payerId: string;
  requestId: string;
  amountCents: number;
  serviceType: ServiceType | null;
  athleteName: string | null;
  card: { brand: string; last4: string } | null;
  /** When the provider confirmed it. */
  at: Date;
}

const CARD_BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

function cardWords(card: { brand: string; last4: string } | null): string {
  if (!card) return 'your card';
  return `your ${CARD_BRANDS[card.brand] ?? card.brand} ending in ${card.last4}`;
}

/**
 * 'Nov 26, 2026' (spec §9 'MMM D, YYYY'), in UTC so a receipt reads the same from any server.
 * Through formatDate's kept formatter: toLocaleDateString with options builds one per call, about
 * 0.1 ms each.
 */
function receiptDate(at: Date): string {
  return formatDate(at.getTime() / 1000, false) ?? '';
}

/**
 * The payer's confirmation and receipt, written only once the provider confirmed the money moved
 * (issue 21): the amount, the service, the athlete, the date, the card's brand and last four. By
 * email too: it is the receipt.
 */
export function moneyNotification(facts: MoneyNoticeFacts): NotificationDraft {
  const amount = money(facts.amountCents);
  const what = facts.serviceType ? `${label(facts.serviceType)}${facts.athleteName ? ` with ${facts.athleteName}` : ''}` : 'request';
  const when = receiptDate(facts.at);
  const card = cardWords(facts.card);
  const link = `/request/${facts.requestId}`;
  const data = {
    charged: { title: 'Payment received', text: `${amount} was charged to ${card} for your ${what} on ${when}.` },
    released: { title: 'Card hold released', text: `Your card hold of ${amount} was released on ${when} (${what}, ${card}).` },
    refunded: { title: 'Refund issued', text: `Refund of ${amount} issued to ${card} on ${when} for your ${what}.` },
  }[facts.kind];
  return { userId: facts.payerId, data: { ...data, link }, email: true };
}

/**
 * The requester, when the card could not be charged after the athlete accepted (the capture failed
 * on every try): the request stands, and support sorts the payment out. By email too.
 */
export function paymentFailedNotification(requesterId: string, requestId: string): NotificationDraft {
  return {
    userId: requesterId,
    data: { title: 'Payment failed', text: 'We could not charge your card for this request. Contact customer support from the request page.', link: `/request/${requestId}` },
    email: true,
  };
}

/**
 * The athlete, when the requester's card could not be charged after they accepted (the capture
 * failed on every try): the request stands, but nothing was collected, so they wait before they
 * deliver. By email too.
 */
export function paymentNotCollectedNotification(athleteId: string, requestId: string): NotificationDraft {
  return {
    userId: athleteId,
    data: {
      title: 'Payment not collected',
      text: "The requester's card could not be charged for this request. Huddle's team is sorting it out: wait before you deliver it.",
      link: `/request/${requestId}`,
    },
    email: true,
  };
}

/** What a money job that gave up had promised the payer: their card hold released, or a refund. */
export type DelayedMoneyKind = 'release' | 'refund';

/**
 * The payer, when the release of their card hold or their refund failed on every try (its job gave
 * up, or the provider reports the refund failed; the administrators have a money incident): told it
 * is delayed, never that it moved (moneyNotification confirms that once the provider did), and
 * that nothing is asked of them. By email, as the promise it follows was.
 */
export function moneyDelayedNotification(facts: { kind: DelayedMoneyKind; payerId: string; amountCents: number; link: string }): NotificationDraft {
  const amount = money(facts.amountCents);
  const data =
    facts.kind === 'release'
      ? { title: 'Card hold not released yet', text: `We could not release your card hold of ${amount} yet. Huddle's team has been told and will sort it out; you do not need to do anything.` }
      : { title: 'Refund delayed', text: `We could not issue your refund of ${amount} yet. Huddle's team has been told and will sort it out; you do not need to do anything.` };
  return { userId: facts.payerId, data: { ...data, link: facts.link }, email: true };
}

function money(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * A campaign's request (issue 12): the athlete is invited when the campaign is paid and told when
 * the business cancels it; the business hears of each acceptance, decline, expiry and delivery, the
 * answers opening the campaign and the delivery the request (to approve it). Refunds and the
 * campaign's completion are told once their money moved or the last request finished
 * (campaignRefundNotification, campaignCompletedNotification).
 */
function campaignRequestNotifications(change: RequestChangeFacts, campaign: { id: string; name: string }): NotificationDraft[] {
  const requestLink = `/request/${change.requestId}`;
  const campaignLink = `/request/@${campaign.id}`;
  const name = `"${campaign.name}"`;
  const toAthlete = (title: string, text: string, email = false): NotificationDraft => ({ userId: change.athleteId, data: { title, text, link: requestLink }, email });
  const toBusiness = (title: string, text: string, link: string, email = false): NotificationDraft => ({ userId: change.requesterId, data: { title, text, link }, email });
  switch (change.action) {
    case 'pay':
      return [toAthlete('Campaign invitation', `${change.requesterName} invited you to the endorsement campaign ${name}. Accept or decline it before it expires.`, true)];
    case 'accept':
      return [toBusiness('Athlete accepted', `${change.athleteName} accepted the endorsement of ${name}.`, campaignLink, true)];
    case 'decline':
      return [toBusiness('Athlete declined', `${change.athleteName} declined the endorsement of ${name}. Their share will be refunded to your card.`, campaignLink, true)];
    case 'expire':
      return [
        toBusiness('Invitation expired', `${change.athleteName} did not answer ${name} in time. Their share will be refunded to your card.`, campaignLink, true),
        toAthlete('Invitation expired', `The invitation to ${name} expired before you answered it.`),
      ];
    case 'cancel':
      return [toAthlete('Campaign canceled', `${change.requesterName} canceled the endorsement campaign ${name}.`)];
    case 'admin_cancel':
      return [
        toBusiness('Endorsement canceled', `Huddle canceled ${change.athleteName}'s endorsement of ${name}. Their share will be refunded to your card.`, campaignLink, true),
        toAthlete('Endorsement canceled', `Huddle canceled your endorsement of ${name}.`),
      ];
    case 'athlete_gone':
      return [toBusiness('Endorsement canceled', `${change.athleteName} is no longer on Huddle, so their endorsement of ${name} was canceled. Their share will be refunded to your card.`, campaignLink, true)];
    case 'missed_delivery':
      return [
        toBusiness('Endorsement canceled', `${change.athleteName} did not deliver the endorsement of ${name} in time. Their share will be refunded to your card.`, campaignLink, true),
        toAthlete('Endorsement canceled', `Your endorsement of ${name} was not delivered in time, so it was canceled. Its share will be refunded to the business.`, true),
      ];
    case 'deliver':
      return [toBusiness('Endorsement delivered', `${change.athleteName} delivered the endorsement of ${name}. Watch it and approve it.`, requestLink, true)];
    case 'approve':
      return [toAthlete('Endorsement approved', `${change.requesterName} approved your endorsement of ${name}.`)];
    case 'auto_complete':
      return [toAthlete('Endorsement completed', `Your endorsement of ${name} was completed.`)];
    case 'review':
      return [toAthlete('New review', `${change.requesterName} reviewed your endorsement of ${name}.`)];
    default:
      return [];
  }
}

/** The business, when an athlete's share of a campaign was refunded to the card (the provider confirmed it). By email too. */
export function campaignRefundNotification(refund: { businessId: string; campaignId: string; campaignName: string; athleteName: string; amountCents: number }): NotificationDraft {
  return {
    userId: refund.businessId,
    data: {
      title: 'Refund issued',
      text: `${money(refund.amountCents)} for ${refund.athleteName}'s share of "${refund.campaignName}" was refunded to your card.`,
      link: `/request/@${refund.campaignId}`,
    },
    email: true,
  };
}

/** The business, when every request of its campaign is finished or canceled (and at least one finished). By email too. */
export function campaignCompletedNotification(campaign: { businessId: string; campaignId: string; campaignName: string }): NotificationDraft {
  return {
    userId: campaign.businessId,
    data: { title: 'Campaign complete', text: `Every athlete of "${campaign.campaignName}" is done. Review their endorsements.`, link: `/request/@${campaign.campaignId}` },
    email: true,
  };
}
