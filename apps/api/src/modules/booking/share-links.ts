import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RequestStatus } from '@huddle/domain';
import { splitJoined } from '@huddle/domain/request-details';
import { AppConfig } from '../../config/app-config';
import { appBaseOrPublic } from '../../config/app-origins';
import { Transactions } from '../../database/transactions';
import { MailService } from '../mail/mail.service';
import { MediaService } from '../media/media.service';
import { BookingErrors } from './booking.errors';
import { RequestEntity } from './entities/request.entity';
import { partyOf } from './request-party';
import { partiesOf } from './request-views.query';
import type { RequestActor } from './request-party';

/** What a watch page shows: the athlete and the video, nothing of the request. */
export interface WatchView {
  athlete: { first_name: string | null; last_name: string | null; username: string | null; profile_photo: string | null };
  /** Path under the API root that streams the watermarked video of this link. */
  video_url: string;
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Shoutout watch links (issue 10): when a shoutout is finished (approved by its requester, or
 * completed by the timer), a link is made in the same transaction and each recipient is emailed
 * by a job enqueued in it too, so nobody is mailed about an approval that rolled back and no
 * approval loses its emails to a crash. The requester's Share gives the same link; revoking it
 * closes the page, and a new one can be made.
 */
@Injectable()
export class ShareLinks {
  constructor(
    private readonly transactions: Transactions,
    private readonly mail: MailService,
    private readonly media: MediaService,
    private readonly config: AppConfig,
  ) {}

  /** The watch page of a token on the app's origin the person used (origin, when it is one of the app's), else on PUBLIC_APP_URL's. */
  urlOf(token: string, origin: string | null = null): string {
    return `${appBaseOrPublic(this.config, origin)}watch/${token}`;
  }

  /** Inside the finishing transaction: the link, and one email per recipient. Once per request. */
  async issueOnFinish(manager: EntityManager, request: RequestEntity): Promise<void> {
    if (request.type !== 'shoutout' || request.status !== RequestStatus.Finished) return;
    // An INSERT ... RETURNING answers its rows directly (only UPDATE/DELETE answer [rows, count]).
    const created: { token: string }[] = await manager.query(
      `INSERT INTO request_share_links (token, request_id) VALUES ($1, $2)
        ON CONFLICT (request_id) WHERE revoked_at IS NULL DO NOTHING RETURNING token`,
      [newToken(), request.id],
    );
    const token = created[0]?.token;
    if (!token) return;
    const athlete = (await partiesOf(manager, [request.athleteId])).get(request.athleteId);
    const athleteName = [athlete?.first_name, athlete?.last_name].filter(Boolean).join(' ') || 'Your athlete';
    const recipients = typeof request.details.recipients_emails === 'string' ? splitJoined(request.details.recipients_emails) : [];
    const names = typeof request.details.names_in_shoutout === 'string' ? request.details.names_in_shoutout : '';
    for (const to of new Set(recipients.map((address) => address.toLowerCase()))) {
      await this.mail.send(
        {
          to,
          subject: `${athleteName} recorded a shoutout for you`,
          text: `Hi${names ? ` ${names}` : ''},\n\n${athleteName} recorded a video shoutout for you on Huddle. Watch it here:\n\n${this.urlOf(token)}\n\nHuddle\n`,
        },
        manager,
      );
    }
  }

  /** The live link of a request, for its requester's Share, on the origin they use (urlOf); null when there is none. */
  async liveUrl(requestId: string, origin: string | null = null): Promise<string | null> {
    const rows: { token: string }[] = await this.transactions.manager.query(
      `SELECT token FROM request_share_links WHERE request_id = $1 AND revoked_at IS NULL`,
      [requestId],
    );
    return rows[0] ? this.urlOf(rows[0].token, origin) : null;
  }

  /** The requester revokes the live link; 1404 for anyone else, as for a missing request. */
  async revoke(requestId: string, actor: RequestActor): Promise<void> {
    await this.requesterOf(requestId, actor);
    await this.transactions.manager.query(`UPDATE request_share_links SET revoked_at = now() WHERE request_id = $1 AND revoked_at IS NULL`, [requestId]);
  }

  /** The requester makes a new link for a finished shoutout (after revoking one); the same live link when there is one. */
  async renew(requestId: string, actor: RequestActor, origin: string | null = null): Promise<string> {
    const request = await this.requesterOf(requestId, actor);
    if (request.type !== 'shoutout' || request.status !== RequestStatus.Finished) throw BookingErrors.requestNotFound();
    await this.transactions.manager.query(
      `INSERT INTO request_share_links (token, request_id) VALUES ($1, $2) ON CONFLICT (request_id) WHERE revoked_at IS NULL DO NOTHING`,
      [newToken(), requestId],
    );
    const url = await this.liveUrl(requestId, origin);
    if (!url) throw BookingErrors.requestNotFound();
    return url;
  }

  /** The public page's answer for a live token; 1404 'This video is no longer available' otherwise. */
  async watch(token: string): Promise<WatchView> {
    const manager = this.transactions.manager;
    const rows: { athlete_id: string }[] = await manager.query(
      `SELECT r.athlete_id FROM request_share_links l JOIN requests r ON r.id = l.request_id
        WHERE l.token = $1 AND l.revoked_at IS NULL AND r.details ? 'watermarked_video'`,
      [token],
    );
    const athleteId = rows[0]?.athlete_id;
    const party = athleteId ? (await partiesOf(manager, [athleteId])).get(athleteId) : undefined;
    if (!party) throw BookingErrors.watchLinkGone();
    const { first_name, last_name, username, profile_photo } = party;
    return { athlete: { first_name, last_name, username, profile_photo }, video_url: `public/watch/video?token=${encodeURIComponent(token)}` };
  }

  /**
   * A short-lived signed URL (relative to the API root) of a live link's watermarked video, never
   * the original: once the link is revoked, no new one is made, and those handed out expire within
   * MEDIA_SIGNED_URL_SECONDS.
   */
  async videoUrl(token: string): Promise<string> {
    const rows: { path: string | null }[] = await this.transactions.manager.query(
      `SELECT r.details->>'watermarked_video' AS path
         FROM request_share_links l JOIN requests r ON r.id = l.request_id
        WHERE l.token = $1 AND l.revoked_at IS NULL AND r.details ? 'watermarked_video'`,
      [token],
    );
    if (!rows[0]) throw BookingErrors.watchLinkGone();
    // Approved before its copy was rendered: the render job fills it in shortly.
    if (!rows[0].path) throw BookingErrors.videoNotReady();
    return this.media.signedUrl(rows[0].path);
  }

  private async requesterOf(requestId: string, actor: RequestActor): Promise<RequestEntity> {
    const request = await this.transactions.manager.findOneBy(RequestEntity, { id: requestId });
    if (!request || partyOf(request, actor) !== 'requester') throw BookingErrors.requestNotFound();
    return request;
  }
}
