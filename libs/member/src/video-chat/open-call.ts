import type { SignalChannel, VideoCall } from './call';
import { EmbeddedCall } from './embedded-call';
import type { VideoChatJoin } from './video-chat-api';

/**
 * The call for a join: the embedded WebRTC call, or Twilio's, whose SDK is fetched only here and
 * only for a Twilio join, so it never weighs on any other page or on an embedded call.
 */
export async function openCall(join: VideoChatJoin, channel: SignalChannel): Promise<VideoCall> {
  if (join.provider === 'twilio') {
    const { TwilioCall } = await import(/* webpackChunkName: "twilio-call" */ './twilio-call');
    return new TwilioCall(join);
  }
  return new EmbeddedCall(join, channel);
}
