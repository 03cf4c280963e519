import { connect, type RemoteParticipant, type RemoteTrack, type Room } from 'twilio-video';
import { CallEvents, type VideoCall } from './call';
import type { VideoChatJoin } from './video-chat-api';

/**
 * The Twilio Video provider: the room named by the join's channelName, entered with the caller's
 * token and the screen's own camera and microphone tracks. The partner's audio and video tracks
 * are handed to the screen as one MediaStream, as the embedded call does. This module, and with it
 * twilio-video, is fetched only for a Twilio join (see open-call.ts).
 */
export class TwilioCall extends CallEvents implements VideoCall {
  private room: Room | null = null;
  private left = false;

  constructor(private readonly call: Pick<VideoChatJoin, 'token' | 'channelName' | 'partner_uid'>) {
    super();
  }

  async join(localStream: MediaStream): Promise<void> {
    const room = await connect(this.call.token, { name: this.call.channelName, tracks: localStream.getTracks() });
    if (this.left) {
      room.disconnect();
      return;
    }
    this.room = room;
    room.participants.forEach((participant) => this.follow(participant));
    room.on('participantConnected', (participant) => this.follow(participant));
    room.on('participantDisconnected', (participant) => {
      if (participant.identity !== this.call.partner_uid) return;
      this.emitRemote(null);
      this.partnerLeft();
    });
    room.on('disconnected', (_room, error) => {
      if (error && !this.left) this.failed(error);
    });
  }

  async leave(): Promise<void> {
    this.left = true;
    this.room?.disconnect();
    this.room = null;
  }

  /** The partner's media: every audio and video track they publish, as one stream. */
  private follow(participant: RemoteParticipant): void {
    if (participant.identity !== this.call.partner_uid) return;
    const tracks = new Map<string, MediaStreamTrack>();
    const publish = () => this.emitRemote(tracks.size > 0 ? new MediaStream([...tracks.values()]) : null);
    const add = (track: RemoteTrack) => {
      if (track.kind === 'data') return;
      tracks.set(track.name, track.mediaStreamTrack);
      publish();
    };
    participant.tracks.forEach((publication) => {
      if (publication.track) add(publication.track);
    });
    participant.on('trackSubscribed', add);
    participant.on('trackUnsubscribed', (track) => {
      if (tracks.delete(track.name)) publish();
    });
  }

  private emitRemote(stream: MediaStream | null): void {
    this.remoteStream(stream);
  }
}
