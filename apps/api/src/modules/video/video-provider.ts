import twilio from 'twilio';
import type { VideoProviderName } from '@huddle/domain';
import type { AuthSecret } from '../auth/auth.module';

/** What a participant needs to join a room: who they are in it and a short-lived token for it. */
export interface JoinGrant {
  uid: string;
  channelName: string;
  /** The server clock's now: the token lives from here to expiresAt. */
  issuedAt: Date;
  expiresAt: Date;
}

/**
 * The one video-provider interface (DESIGN: a real adapter plus an embedded default): Twilio Video
 * when its credentials are configured, peer-to-peer WebRTC signalled through the API otherwise.
 * A provider mints join tokens bound to one room and one identity, valid until `expiresAt`.
 */
export interface VideoProvider {
  readonly name: VideoProviderName;
  /** The provider's application id the browser needs (Twilio's account SID; 'huddle-embedded'). */
  readonly appId: string;
  token(grant: JoinGrant): string;
}

export const VIDEO_PROVIDER = Symbol('VideoProvider');

export interface TwilioVideoSettings {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
}

/** Twilio Video: an AccessToken (JWT signed with the API key secret) carrying a VideoGrant for the room. */
export class TwilioVideoProvider implements VideoProvider {
  readonly name = 'twilio' as const;
  readonly appId: string;

  constructor(private readonly settings: TwilioVideoSettings) {
    this.appId = settings.accountSid;
  }

  token(grant: JoinGrant): string {
    const ttl = Math.max(1, Math.ceil((grant.expiresAt.getTime() - grant.issuedAt.getTime()) / 1000));
    const token = new twilio.jwt.AccessToken(this.settings.accountSid, this.settings.apiKeySid, this.settings.apiKeySecret, { identity: grant.uid, ttl });
    token.addGrant(new twilio.jwt.AccessToken.VideoGrant({ room: grant.channelName }));
    return token.toJwt();
  }
}

/** The purpose an embedded token is sealed for (AuthSecret keeps purposes apart). */
export const EMBEDDED_TOKEN_PURPOSE = 'video-chat-token';

export interface EmbeddedTokenPayload {
  ch: string;
  uid: string;
}

/**
 * The embedded provider: peers connect to each other (RTCPeerConnection) and exchange their offers,
 * answers and candidates through the API. Its token is sealed by the server's secret, bound to the
 * room and the participant, and expiring; the API accepts a signal only with a valid one.
 */
export class EmbeddedVideoProvider implements VideoProvider {
  readonly name = 'embedded' as const;
  readonly appId = 'huddle-embedded';

  constructor(private readonly secret: AuthSecret) {}

  token(grant: JoinGrant): string {
    return this.secret.seal<EmbeddedTokenPayload>(EMBEDDED_TOKEN_PURPOSE, { ch: grant.channelName, uid: grant.uid }, grant.expiresAt);
  }

  /** The room and identity of a token this server made, or null when forged, for another purpose or expired. */
  open(token: string, now: Date): EmbeddedTokenPayload | null {
    return this.secret.open<EmbeddedTokenPayload>(EMBEDDED_TOKEN_PURPOSE, token, now);
  }
}
