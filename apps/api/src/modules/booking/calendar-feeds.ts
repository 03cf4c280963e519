import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { SERVICE_LABELS } from '@huddle/domain';
import { AppConfig } from '../../config/app-config';
import { appBaseOrPublic } from '../../config/app-origins';
import { Transactions } from '../../database/transactions';
import { AuthSecret } from '../auth/auth.module';
import { calendarEventsOf } from './athlete-calendar.query';
import type { CalendarEvent } from './athlete-calendar.query';

/** The token of a feed URL: 32 bytes of HMAC, base64url (43 characters). Anything else is not one. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const PURPOSE = 'calendar-feed';

interface FeedRow {
  nonce: string;
  token_hash: string;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The athlete's private iCal feed (issue 23): a URL carrying a secret that calendar apps poll.
 * The table keeps a nonce and the token's SHA-256; the token is HMAC(AUTH_SECRET, athlete:nonce),
 * so the athlete can be shown the same URL again while the database alone opens nothing.
 * Regenerating draws a new nonce: the old URL answers 404 at once. Without AUTH_SECRET (the
 * embedded development database) the secret changes at each start: the URL the athlete is shown
 * then no longer matches the stored hash and a new one is issued on their next look.
 */
@Injectable()
export class CalendarFeeds {
  constructor(
    private readonly transactions: Transactions,
    private readonly secret: AuthSecret,
    private readonly config: AppConfig,
  ) {}

  private tokenOf(athleteId: string, nonce: string): string {
    return Buffer.from(this.secret.mac(PURPOSE, `${athleteId}:${nonce}`), 'hex').toString('base64url');
  }

  /** The feed's URL on the app's origin the athlete used (origin, when it is one of the app's), else on PUBLIC_APP_URL's. */
  private urlOf(token: string, origin: string | null): string {
    return `${appBaseOrPublic(this.config, origin)}api/v1/public/calendar/${token}.ics`;
  }

  private async issue(athleteId: string, replace: boolean): Promise<string> {
    const nonce = randomBytes(24).toString('base64url');
    const token = this.tokenOf(athleteId, nonce);
    await this.transactions.manager.query(
      `INSERT INTO athlete_calendar_feeds (athlete_id, nonce, token_hash) VALUES ($1, $2, $3)
         ON CONFLICT (athlete_id) DO UPDATE SET nonce = EXCLUDED.nonce, token_hash = EXCLUDED.token_hash, regenerated_at = now()
         ${replace ? '' : 'WHERE false'}`,
      [athleteId, nonce, hashOf(token)],
    );
    return token;
  }

  /** The athlete's feed URL, made on their first ask, on the origin they use (urlOf). */
  async urlFor(athleteId: string, origin: string | null = null): Promise<string> {
    const rows: FeedRow[] = await this.transactions.manager.query(`SELECT nonce, token_hash FROM athlete_calendar_feeds WHERE athlete_id = $1`, [athleteId]);
    const row = rows[0];
    if (row) {
      const token = this.tokenOf(athleteId, row.nonce);
      if (timingSafeEqual(Buffer.from(hashOf(token)), Buffer.from(row.token_hash))) return this.urlOf(token, origin);
      // AUTH_SECRET changed (a restart without one): the stored hash opens a URL nobody can show.
      return this.urlOf(await this.issue(athleteId, true), origin);
    }
    await this.issue(athleteId, false);
    // Two first asks at once: both read back the one row that won.
    return this.urlFor(athleteId, origin);
  }

  /** A new secret: the old URL answers 404 from now on. */
  async regenerate(athleteId: string, origin: string | null = null): Promise<string> {
    return this.urlOf(await this.issue(athleteId, true), origin);
  }

  /** The feed of a token, as iCalendar text; null for an unknown, regenerated or malformed token. */
  async feedOf(token: string): Promise<string | null> {
    if (!FEED_TOKEN.test(token)) return null;
    const rows: Array<{ athlete_id: string }> = await this.transactions.manager.query(
      `SELECT athlete_id FROM athlete_calendar_feeds WHERE token_hash = $1`,
      [hashOf(token)],
    );
    const athleteId = rows[0]?.athlete_id;
    if (!athleteId) return null;
    return this.render(await calendarEventsOf(this.transactions.manager, athleteId, null));
  }

  private render(events: CalendarEvent[]): string {
    const app = this.config.PUBLIC_APP_URL.replace(/\/+$/, '');
    const calendar = ical({ name: 'Huddle', prodId: { company: 'Huddle', product: 'Athlete calendar', language: 'EN' }, method: ICalCalendarMethod.PUBLISH, ttl: 15 * 60 });
    for (const event of events) {
      const service = SERVICE_LABELS[event.type];
      const link = `${app}/request/${event.id}`;
      calendar.createEvent({
        id: `${event.id}@huddle`,
        // No timezone set: ical-generator writes UTC times (…Z), which every calendar app shows in its own zone.
        start: event.start,
        end: event.end,
        stamp: event.updatedAt,
        summary: `${service} with ${event.requesterName}`.trim(),
        description: `${service} booked on Huddle by ${event.requesterName}: ${event.name}\n${link}`,
        location: event.address ?? (event.type === 'video_chat' ? 'Video chat on Huddle' : null),
        url: link,
        status: ICalEventStatus.CONFIRMED,
      });
    }
    return calendar.toString();
  }
}
