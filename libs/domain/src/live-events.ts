import type { ServiceType } from './service-types';

/**
 * A notification as the live stream delivers it (spec §3 'Notification', §4 'Live notifications'):
 * what a screen needs to list it and to open its request or campaign. Times are unix seconds.
 */
export interface LiveNotification {
  id: string;
  /** The notification's text. */
  data: string;
  is_read: boolean;
  request_id: string | null;
  request_type: ServiceType | null;
  endorsement_campaign_id: string | null;
  created_at: number;
}

/**
 * What the one server-sent-event connection carries, written once for the API that sends it and
 * the shell that hands it on to remotes. A union, so later kinds of event are added beside it.
 */
export type LiveEvent = { type: 'notification'; notification: LiveNotification };
