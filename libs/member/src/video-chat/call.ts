import type { LiveEvent, LiveSignal, VideoSignalKind } from '@huddle/domain';
import type { VideoChatJoin } from './video-chat-api';

/**
 * A call as the /chat screen sees it, whichever provider carries it (issue 13: Twilio Video, or the
 * embedded peer-to-peer WebRTC signalled through the API). The screen owns the camera: it hands the
 * local stream in and stops its tracks itself.
 */
export interface VideoCall {
  /** Publishes the camera and microphone and starts meeting the partner. */
  join(localStream: MediaStream): Promise<void>;
  /** The partner's media as it arrives (null when it went away). */
  onRemoteStream(listener: (stream: MediaStream | null) => void): void;
  /** The partner left the call (closed the page or finished it); whether the chat is over is the API's to say. */
  onPartnerLeft(listener: () => void): void;
  /** The call cannot go on (ICE failed, the provider refused). */
  onFailure(listener: (error: unknown) => void): void;
  /** Leaves the call; tells the partner when the provider needs telling. Never throws. */
  leave(): Promise<void>;
}

/** The partner's signals, and a way to send them ours, for the embedded provider. */
/** The listeners every VideoCall keeps, and how a call tells them what happened. */
export abstract class CallEvents {
  private readonly remoteListeners: Array<(stream: MediaStream | null) => void> = [];
  private readonly leftListeners: Array<() => void> = [];
  private readonly failureListeners: Array<(error: unknown) => void> = [];

  onRemoteStream(listener: (stream: MediaStream | null) => void): void {
    this.remoteListeners.push(listener);
  }

  onPartnerLeft(listener: () => void): void {
    this.leftListeners.push(listener);
  }

  onFailure(listener: (error: unknown) => void): void {
    this.failureListeners.push(listener);
  }

  protected remoteStream(stream: MediaStream | null): void {
    for (const listener of this.remoteListeners) listener(stream);
  }

  protected partnerLeft(): void {
    for (const listener of this.leftListeners) listener();
  }

  protected failed(error: unknown): void {
    for (const listener of this.failureListeners) listener(error);
  }
}

export interface SignalChannel {
  send(kind: VideoSignalKind, data: unknown): Promise<void>;
  /** Calls `listener` with each signal from the partner about this call, until the returned function is called. */
  subscribe(listener: (signal: LiveSignal) => void): () => void;
}

/**
 * Who makes the offer in an embedded call: the party whose uid sorts first. Both parties know both
 * uids from their join, so they agree without a word; the other party answers and says 'hello' to
 * ask for an offer.
 */
export function isOfferer(uid: string, partnerUid: string): boolean {
  return uid < partnerUid;
}

/** The signal in a live event when it is the partner's and about this call; null for anything else. */
export function partnerSignal(event: LiveEvent, requestId: string, partnerUid: string): LiveSignal | null {
  if (event.type !== 'signal') return null;
  const { signal } = event;
  return signal.request_id === requestId && signal.from === partnerUid ? signal : null;
}

/**
 * The embedded provider's channel: signals go up through the API one after another (an ICE
 * candidate must not overtake its offer), and come down on the shell's one live stream. A signal
 * that cannot be sent is dropped: the call either recovers by the next 'hello' or the API's check
 * says it is over.
 */
export function signalChannel(
  join: Pick<VideoChatJoin, 'token' | 'partner_uid'>,
  requestId: string,
  send: (kind: VideoSignalKind, data: string) => Promise<unknown>,
  events: { subscribe: (listener: (event: LiveEvent) => void) => () => void },
): SignalChannel {
  let queue: Promise<void> = Promise.resolve();
  return {
    send(kind, data) {
      const sent = queue.then(() => send(kind, JSON.stringify(data ?? {}))).then(
        () => undefined,
        () => undefined,
      );
      queue = sent;
      return sent;
    },
    subscribe(listener) {
      return events.subscribe((event) => {
        const signal = partnerSignal(event, requestId, join.partner_uid);
        if (signal) listener(signal);
      });
    },
  };
}
