import type { NotificationData } from './live-events';
import type { RequestAction, RequestParty } from './request-actions';
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
 * - approved, auto-completed, reviewed: the athlete.
 * Flagging is for the administrator's console, not a notification; a finished video chat shows on
 * the request itself. Every notification opens the request.
 */
export function requestNotifications(change: RequestChangeFacts): NotificationDraft[] {
  const link = `/request/${change.requestId}`;
  const service = label(change.type);
  const toAthlete = (title: string, text: string, email = false): NotificationDraft => ({ userId: change.athleteId, data: { title, text, link }, email });
  const toRequester = (title: string, text: string, email = false): NotificationDraft => ({ userId: change.requesterId, data: { title, text, link }, email });
  switch (change.action) {
    case 'pay':
      return [toAthlete('New request', `${change.requesterName} booked ${withArticle(service)}. Accept or decline it before it expires.`, true)];
    case 'accept':
      return [toRequester('Request accepted', `${change.athleteName} accepted your ${service}.`, true)];
    case 'decline':
      return [toRequester('Request declined', `${change.athleteName} declined your ${service}. The hold on your card was released.`, true)];
    case 'cancel':
      return [toAthlete('Request canceled', `${change.requesterName} canceled the ${service}.`)];
    case 'admin_cancel':
      return [
        toRequester('Request canceled', `Huddle canceled your ${service} with ${change.athleteName}. Any money held or paid was returned to your card.`, true),
        toAthlete('Request canceled', `Huddle canceled the ${service} for ${change.requesterName}.`),
      ];
    case 'expire':
      return [
        toRequester('Request expired', `${change.athleteName} did not answer your ${service} in time. The hold on your card was released.`, true),
        toAthlete('Request expired', `The ${service} from ${change.requesterName} expired before you answered it.`),
      ];
    case 'deliver':
      return [toRequester('Your video is ready', `${change.athleteName} delivered your ${service}. Watch it and approve it.`, true)];
    case 'start_video_chat':
      // Either party may start it: the other one is told to join.
      return change.actor === 'requester'
        ? [toAthlete('Video chat started', `${change.requesterName} started the video chat. Join now.`)]
        : [toRequester('Video chat started', `${change.athleteName} started your video chat. Join now.`)];
    case 'approve':
      return [toAthlete('Request approved', `${change.requesterName} approved your ${service}.`)];
    case 'auto_complete':
      return [toAthlete('Request completed', `Your ${service} for ${change.requesterName} was completed.`)];
    case 'review':
      return [toAthlete('New review', `${change.requesterName} reviewed your ${service}.`)];
    default:
      return [];
  }
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
