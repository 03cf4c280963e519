import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { VIDEO_CHAT, videoChatEndsAt } from '@huddle/domain';
import type { VideoProviderName } from '@huddle/domain';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/time/clock';
import { EmbeddedVideoProvider, VIDEO_PROVIDER } from './video-provider';
import type { VideoProvider } from './video-provider';

/** Which side of the call: the request's athlete, or its requester (the spec's fan_uid / fan_token). */
export type CallSide = 'athlete' | 'requester';

interface SessionRow {
  request_id: string;
  provider: VideoProviderName;
  app_id: string;
  channel_name: string;
  athlete_id: string;
  athlete_uid: string;
  requester_id: string;
  fan_uid: string;
}

/** What one participant gets to join (spec §3: uid, token, appId, channelName), and the call's clock. */
export interface VideoJoin {
  provider: VideoProviderName;
  appId: string;
  channelName: string;
  uid: string;
  token: string;
  /** The other participant's identity, to recognise their media and signals. */
  partnerUid: string;
  iceServers: AppConfig['VIDEO_ICE_SERVERS'];
  /** Unix seconds. */
  startedAt: number;
  endsAt: number;
  tokenExpiresAt: number;
}

/**
 * Owner of video sessions (video_sessions): the room of a video chat request and each party's call
 * identity, made when the athlete starts the call (in booking's transaction), and the join tokens,
 * minted per join, bound to the room and the participant, valid until the session's end plus a
 * little slack. It never reads requests: booking decides who may join and when.
 */
@Injectable()
export class VideoService {
  constructor(
    @Inject(VIDEO_PROVIDER) private readonly provider: VideoProvider,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  get providerName(): VideoProviderName {
    return this.provider.name;
  }

  /** The request's room, made once (a repeat finds it): spec §3's app_id, channel_name and the two uids. */
  async openSessionIn(manager: EntityManager, call: { requestId: string; athleteId: string; requesterId: string }): Promise<void> {
    await manager.query(
      `INSERT INTO video_sessions (request_id, provider, app_id, channel_name, athlete_id, athlete_uid, requester_id, fan_uid)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (request_id) DO NOTHING`,
      [
        call.requestId,
        this.provider.name,
        this.provider.appId,
        `huddle-${call.requestId}`,
        call.athleteId,
        `athlete-${randomBytes(8).toString('hex')}`,
        call.requesterId,
        `fan-${randomBytes(8).toString('hex')}`,
      ],
    );
  }

  /** A join for one side of a started call, or null when the request has no session. */
  async join(requestId: string, side: CallSide, startedAt: Date, bookedAt: Date | null): Promise<VideoJoin | null> {
    const session = await this.sessionOf(requestId);
    if (!session) return null;
    const started = Math.floor(startedAt.getTime() / 1000);
    const endsAt = videoChatEndsAt(started, bookedAt ? Math.floor(bookedAt.getTime() / 1000) : null);
    const tokenExpiresAt = endsAt + VIDEO_CHAT.tokenSlackSeconds;
    const uid = side === 'athlete' ? session.athlete_uid : session.fan_uid;
    return {
      provider: session.provider,
      appId: session.app_id,
      channelName: session.channel_name,
      uid,
      token: this.provider.token({ uid, channelName: session.channel_name, issuedAt: this.clock.now(), expiresAt: new Date(tokenExpiresAt * 1000) }),
      partnerUid: side === 'athlete' ? session.fan_uid : session.athlete_uid,
      iceServers: this.config.VIDEO_ICE_SERVERS,
      startedAt: started,
      endsAt,
      tokenExpiresAt,
    };
  }

  /**
   * Who a signal goes to: the embedded token must be this server's, for this request's room, and
   * name one of its two participants; answers the sender's uid and the other participant's account.
   */
  async signalRoute(requestId: string, token: string): Promise<{ from: string; toUserId: string } | null> {
    if (!(this.provider instanceof EmbeddedVideoProvider)) return null;
    const opened = this.provider.open(token, this.clock.now());
    const session = await this.sessionOf(requestId);
    if (!opened || !session || opened.ch !== session.channel_name) return null;
    if (opened.uid === session.athlete_uid) return { from: opened.uid, toUserId: session.requester_id };
    if (opened.uid === session.fan_uid) return { from: opened.uid, toUserId: session.athlete_id };
    return null;
  }

  private async sessionOf(requestId: string): Promise<SessionRow | null> {
    const rows: SessionRow[] = await this.dataSource.query(`SELECT * FROM video_sessions WHERE request_id = $1`, [requestId]);
    return rows[0] ?? null;
  }
}
