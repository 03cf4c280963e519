import type { LiveSignal } from '@huddle/domain';
import { CallEvents, isOfferer, type SignalChannel, type VideoCall } from './call';
import type { VideoChatJoin } from './video-chat-api';

/** How often the answering side asks for an offer again while no media flows (a signal lost on a reconnecting stream). */
export const HELLO_EVERY_MS = 5_000;

/** An offer's or answer's data: the SDP, and the negotiation it belongs to. */
interface DescriptionData {
  session: string;
  sdp: string;
}

interface CandidateData {
  session: string;
  candidate: RTCIceCandidateInit;
}

function parse(signal: LiveSignal): Record<string, unknown> | null {
  try {
    const data: unknown = JSON.parse(signal.data);
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function isDescription(data: Record<string, unknown> | null): data is Record<string, unknown> & DescriptionData {
  return typeof data?.session === 'string' && typeof data.sdp === 'string';
}

function isCandidate(data: Record<string, unknown> | null): data is Record<string, unknown> & CandidateData {
  return typeof data?.session === 'string' && typeof data.candidate === 'object' && data.candidate !== null;
}

function newSession(): string {
  return Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
}

/**
 * The embedded provider: one RTCPeerConnection to the partner, signalled through the API.
 *
 * The party whose uid sorts first offers (isOfferer); the other answers. Each offer opens a
 * negotiation of its own (a `session`): on the partner's 'hello' (they joined, or came back after
 * a reload) the offerer starts over with a fresh connection, and the answerer starts over on an
 * offer of a session it has not seen. Answers and candidates name their session, so one from an
 * abandoned negotiation is dropped instead of breaking the current one. ICE candidates trickle;
 * those that arrive before their description wait for it.
 */
export class EmbeddedCall extends CallEvents implements VideoCall {
  private readonly offerer: boolean;
  private peer: RTCPeerConnection | null = null;
  private session = '';
  private readonly waitingCandidates = new Map<string, RTCIceCandidateInit[]>();
  private localStream: MediaStream | null = null;
  private unsubscribe: () => void = () => undefined;
  private helloTimer: ReturnType<typeof setInterval> | null = null;
  private left = false;
  private receivingMedia = false;

  constructor(
    private readonly call: Pick<VideoChatJoin, 'uid' | 'partner_uid' | 'ice_servers'>,
    private readonly channel: SignalChannel,
    private readonly createPeer: (config: RTCConfiguration) => RTCPeerConnection = (config) => new RTCPeerConnection(config),
  ) {
    super();
    this.offerer = isOfferer(call.uid, call.partner_uid);
  }

  async join(localStream: MediaStream): Promise<void> {
    this.localStream = localStream;
    // Listening first: a partner already there answers our hello at once.
    this.unsubscribe = this.channel.subscribe((signal) => void this.receive(signal));
    if (this.offerer) await this.offer();
    await this.channel.send('hello', {});
    if (!this.offerer) {
      this.helloTimer = setInterval(() => {
        if (!this.left && !this.receivingMedia) void this.channel.send('hello', {});
      }, HELLO_EVERY_MS);
    }
  }

  async leave(): Promise<void> {
    if (this.left) return;
    this.left = true;
    if (this.helloTimer) clearInterval(this.helloTimer);
    this.unsubscribe();
    this.closePeer();
    // Best effort: the partner's screen also learns it from the API.
    await this.channel.send('bye', {});
  }

  private async receive(signal: LiveSignal): Promise<void> {
    if (this.left) return;
    const data = parse(signal);
    try {
      switch (signal.kind) {
        case 'hello':
          if (this.offerer) await this.offer();
          break;
        case 'offer':
          if (!this.offerer && isDescription(data)) await this.answer(data);
          break;
        case 'answer':
          if (this.offerer && isDescription(data)) await this.accept(data);
          break;
        case 'candidate':
          if (isCandidate(data)) await this.addCandidate(data);
          break;
        case 'bye':
          this.closePeer();
          this.session = '';
          this.partnerLeft();
          break;
      }
    } catch (error) {
      if (!this.left) this.fail(error);
    }
  }

  /** The offerer's side: a fresh connection and its offer. */
  private async offer(): Promise<void> {
    const peer = this.openPeer(newSession());
    const session = this.session;
    await this.whileCurrent(peer, async () => {
      await peer.setLocalDescription(await peer.createOffer());
      if (peer === this.peer && peer.localDescription) await this.channel.send('offer', { session, sdp: peer.localDescription.sdp });
    });
  }

  /** The answerer's side: an offer of a new negotiation replaces the connection. */
  private async answer({ session, sdp }: DescriptionData): Promise<void> {
    if (session === this.session && this.peer?.remoteDescription) return;
    const peer = session === this.session && this.peer ? this.peer : this.openPeer(session);
    await this.whileCurrent(peer, async () => {
      await peer.setRemoteDescription({ type: 'offer', sdp });
      await this.flushCandidates(peer, session);
      await peer.setLocalDescription(await peer.createAnswer());
      if (peer === this.peer && peer.localDescription) await this.channel.send('answer', { session, sdp: peer.localDescription.sdp });
    });
  }

  /** Runs a negotiation's steps; a failure counts only while its connection is still the call's (a newer one closed it). */
  private async whileCurrent(peer: RTCPeerConnection, steps: () => Promise<void>): Promise<void> {
    try {
      await steps();
    } catch (error) {
      if (peer === this.peer && !this.left) throw error;
    }
  }

  private async accept({ session, sdp }: DescriptionData): Promise<void> {
    const peer = this.peer;
    if (!peer || session !== this.session || peer.signalingState !== 'have-local-offer') return;
    await this.whileCurrent(peer, async () => {
      await peer.setRemoteDescription({ type: 'answer', sdp });
      await this.flushCandidates(peer, session);
    });
  }

  private async addCandidate({ session, candidate }: CandidateData): Promise<void> {
    const peer = this.peer;
    if (peer && session === this.session && peer.remoteDescription) {
      await this.whileCurrent(peer, () => peer.addIceCandidate(candidate));
      return;
    }
    // Its description is on the way (or its negotiation is not ours yet): keep it for then.
    const waiting = this.waitingCandidates.get(session) ?? [];
    waiting.push(candidate);
    this.waitingCandidates.set(session, waiting);
  }

  private async flushCandidates(peer: RTCPeerConnection, session: string): Promise<void> {
    const waiting = this.waitingCandidates.get(session) ?? [];
    this.waitingCandidates.clear();
    for (const candidate of waiting) await peer.addIceCandidate(candidate);
  }

  private openPeer(session: string): RTCPeerConnection {
    this.closePeer();
    for (const key of [...this.waitingCandidates.keys()]) if (key !== session) this.waitingCandidates.delete(key);
    this.session = session;
    const peer = this.createPeer({ iceServers: this.call.ice_servers });
    this.peer = peer;
    for (const track of this.localStream?.getTracks() ?? []) peer.addTrack(track, this.localStream as MediaStream);
    peer.onicecandidate = (event) => {
      if (event.candidate && peer === this.peer) void this.channel.send('candidate', { session, candidate: event.candidate.toJSON() });
    };
    peer.ontrack = (event) => {
      if (peer !== this.peer) return;
      const stream = event.streams[0] ?? new MediaStream([event.track]);
      this.receivingMedia = true;
      this.remoteStream(stream);
    };
    peer.onconnectionstatechange = () => {
      if (peer === this.peer && peer.connectionState === 'failed') this.fail(new Error('The connection to the partner failed'));
    };
    return peer;
  }

  private closePeer(): void {
    const peer = this.peer;
    this.peer = null;
    if (!peer) return;
    peer.onicecandidate = null;
    peer.ontrack = null;
    peer.onconnectionstatechange = null;
    peer.close();
    if (this.receivingMedia) {
      this.receivingMedia = false;
      this.remoteStream(null);
    }
  }

  private fail(error: unknown): void {
    this.failed(error);
  }
}
