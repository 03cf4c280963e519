import { ApiError } from '@huddle/api-client';
import { ErrorCode, MESSAGES, type LiveEvent, type LiveSignal } from '@huddle/domain';
import { createLiveEventHub } from '@huddle/ui/shell-contract';
import { isOfferer, partnerSignal, signalChannel, type SignalChannel } from './call';
import { cameraFailureMessage, detectCamera, hasVideoInput } from './camera';
import { formatCountdown, joinFailure, mayEndCall, secondsLeft } from './chat-rules';
import { EmbeddedCall } from './embedded-call';

const REQUEST = '0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10';
const ATHLETE = 'athlete-0f1e2d3c4b5a6978';
const FAN = 'fan-8877665544332211';

function signal(changes: Partial<LiveSignal> = {}): LiveSignal {
  return { id: 1, request_id: REQUEST, from: FAN, kind: 'hello', data: '{}', ...changes };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('who offers in an embedded call', () => {
  it('is the party whose uid sorts first, and exactly one of the two', () => {
    expect(isOfferer(ATHLETE, FAN)).toBe(true);
    expect(isOfferer(FAN, ATHLETE)).toBe(false);
    expect(isOfferer('b', 'a')).toBe(false);
  });
});

describe("the partner's signals", () => {
  it('keeps a signal of this call from the partner', () => {
    expect(partnerSignal({ type: 'signal', signal: signal() }, REQUEST, FAN)).toEqual(signal());
  });

  it('ignores another request, another sender and other events', () => {
    expect(partnerSignal({ type: 'signal', signal: signal({ request_id: 'another-request' }) }, REQUEST, FAN)).toBeNull();
    expect(partnerSignal({ type: 'signal', signal: signal({ from: ATHLETE }) }, REQUEST, FAN)).toBeNull();
    expect(partnerSignal({ type: 'unread', unread_count: 2 }, REQUEST, FAN)).toBeNull();
  });

  it('reach a subscriber through the channel only when they are the partner’s, and go up one after another', async () => {
    const hub = createLiveEventHub();
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const send = jest.fn((kind: string, data: string) => {
      sent.push(`${kind}:${data}`);
      // The first send is slow: the second must wait for it.
      return sent.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    });
    const channel = signalChannel({ token: 't', partner_uid: FAN }, REQUEST, send, hub);
    const heard: LiveSignal[] = [];
    const unsubscribe = channel.subscribe((received) => heard.push(received));
    hub.publish({ type: 'signal', signal: signal({ kind: 'offer' }) });
    hub.publish({ type: 'signal', signal: signal({ kind: 'offer', from: 'someone-else' }) });
    hub.publish({ type: 'signal', signal: signal({ kind: 'offer', request_id: 'another-request' }) });
    expect(heard.map((each) => each.kind)).toEqual(['offer']);
    unsubscribe();
    hub.publish({ type: 'signal', signal: signal() });
    expect(heard).toHaveLength(1);

    const first = channel.send('offer', { sdp: 'x' });
    const second = channel.send('candidate', { candidate: 'y' });
    await flush();
    expect(sent).toEqual(['offer:{"sdp":"x"}']);
    release();
    await Promise.all([first, second]);
    expect(sent).toEqual(['offer:{"sdp":"x"}', 'candidate:{"candidate":"y"}']);
  });

  it('drops a signal the API refuses and sends the next one', async () => {
    const send = jest.fn().mockRejectedValueOnce(new Error('409')).mockResolvedValue(undefined);
    const channel = signalChannel({ token: 't', partner_uid: FAN }, REQUEST, send, createLiveEventHub());
    await expect(channel.send('bye', {})).resolves.toBeUndefined();
    await channel.send('hello', {});
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('the countdown', () => {
  it('reads mm:ss and stops at 00:00', () => {
    expect(formatCountdown(300)).toBe('05:00');
    expect(formatCountdown(299)).toBe('04:59');
    expect(formatCountdown(61.7)).toBe('01:01');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
  });

  it("counts to the API's end of the call, a partial second still showing", () => {
    const endsAt = 1772625900;
    expect(secondsLeft(endsAt, endsAt - 300)).toBe(300);
    expect(secondsLeft(endsAt, endsAt - 299.4)).toBe(300);
    expect(secondsLeft(endsAt, endsAt - 0.2)).toBe(1);
    expect(secondsLeft(endsAt, endsAt)).toBe(0);
    expect(secondsLeft(endsAt, endsAt + 30)).toBe(0);
  });
});

describe('the camera check', () => {
  it('needs a video input among the devices', () => {
    expect(hasVideoInput([{ kind: 'audioinput' }, { kind: 'videoinput' }])).toBe(true);
    expect(hasVideoInput([{ kind: 'audioinput' }, { kind: 'audiooutput' }])).toBe(false);
    expect(hasVideoInput([])).toBe(false);
  });

  it('finds no camera without mediaDevices or when listing fails', async () => {
    expect(await detectCamera(undefined)).toBe(false);
    expect(await detectCamera({ enumerateDevices: () => Promise.reject(new Error('denied')) })).toBe(false);
    expect(await detectCamera({ enumerateDevices: async () => [{ kind: 'videoinput' } as MediaDeviceInfo] })).toBe(true);
  });

  it("reads a missing or refused camera as 'Camera is not recognized', anything else as 'An error occurred'", () => {
    expect(cameraFailureMessage({ name: 'NotFoundError' })).toBe(MESSAGES.cameraNotRecognized);
    expect(cameraFailureMessage({ name: 'NotAllowedError' })).toBe(MESSAGES.cameraNotRecognized);
    expect(cameraFailureMessage({ name: 'NotReadableError' })).toBe(MESSAGES.videoCallError);
    expect(cameraFailureMessage('boom')).toBe(MESSAGES.videoCallError);
  });
});

describe('the end of a call and a refused join', () => {
  const notification = (requestId: string | null): LiveEvent => ({
    type: 'notification',
    notification: {
      id: 'n1',
      seq: 1,
      data: { title: 'Video chat finished', text: 'Cam finished your video chat.', link: `/request/${requestId}` },
      is_read: false,
      user_id: 'u1',
      reference_id: requestId,
      request_id: requestId,
      request_type: 'video_chat',
      endorsement_campaign_id: null,
      created_at: 1,
      updated_at: 1,
    },
    unread_count: 1,
  });

  it('asks the API on a notification about this request only', () => {
    expect(mayEndCall(notification(REQUEST), REQUEST)).toBe(true);
    expect(mayEndCall(notification('another-request'), REQUEST)).toBe(false);
    expect(mayEndCall({ type: 'signal', signal: signal({ kind: 'bye' }) }, REQUEST)).toBe(false);
  });

  it("shows the API's reason for a call that is not on, and not-found for another's request", () => {
    expect(joinFailure(new ApiError(ErrorCode.Conflict, 'Your chat has been finished', 409))).toEqual({ message: 'Your chat has been finished' });
    expect(joinFailure(new ApiError(ErrorCode.NotFound, 'Request not found', 404))).toEqual({
      title: MESSAGES.requestNotFound.title,
      message: MESSAGES.requestNotFound.text,
    });
    expect(joinFailure(new Error('offline'))).toEqual({ message: MESSAGES.videoCallError });
  });
});

/** Just enough of RTCPeerConnection to follow a negotiation. */
class FakePeer {
  static made: FakePeer[] = [];
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  readonly candidates: RTCIceCandidateInit[] = [];
  closed = false;
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null = null;
  ontrack: ((event: unknown) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;

  constructor(readonly config: RTCConfiguration) {
    FakePeer.made.push(this);
  }

  addTrack(): void {}

  async createOffer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'offer', sdp: `offer-${FakePeer.made.indexOf(this)}` };
  }

  async createAnswer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'answer', sdp: `answer-to-${this.remoteDescription?.sdp}` };
  }

  async setLocalDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.localDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    if (this.closed) throw new Error('closed');
    this.remoteDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
  }

  async addIceCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    this.candidates.push(candidate);
  }

  close(): void {
    this.closed = true;
  }
}

/** A channel that records what is sent and lets the test play the partner. */
function fakeChannel() {
  const sent: Array<{ kind: string; data: Record<string, unknown> }> = [];
  let listener: (signal: LiveSignal) => void = () => undefined;
  let id = 0;
  const channel: SignalChannel = {
    send: async (kind, data) => {
      sent.push({ kind, data: data as Record<string, unknown> });
    },
    subscribe: (next) => {
      listener = next;
      return () => (listener = () => undefined);
    },
  };
  const hear = async (kind: string, data: unknown = {}) => {
    listener(signal({ id: ++id, kind, data: JSON.stringify(data) }));
    await flush();
  };
  return { channel, sent, hear };
}

const STREAM = { getTracks: () => [] } as unknown as MediaStream;

describe('an embedded call', () => {
  beforeEach(() => {
    FakePeer.made = [];
  });

  function call(uid: string, partnerUid: string) {
    const wire = fakeChannel();
    const made = new EmbeddedCall({ uid, partner_uid: partnerUid, ice_servers: [{ urls: 'stun:stun.test' }] }, wire.channel, (config) => new FakePeer(config) as unknown as RTCPeerConnection);
    return { call: made, ...wire };
  }

  it("offers on joining and again, on a fresh connection, on the partner's hello", async () => {
    const { call: offerer, sent, hear } = call(ATHLETE, FAN);
    await offerer.join(STREAM);
    expect(sent.map((each) => each.kind)).toEqual(['offer', 'hello']);
    expect(FakePeer.made[0]?.config.iceServers).toEqual([{ urls: 'stun:stun.test' }]);
    await hear('hello');
    expect(sent.map((each) => each.kind)).toEqual(['offer', 'hello', 'offer']);
    expect(FakePeer.made[0]?.closed).toBe(true);
    expect(sent[2]?.data.session).not.toEqual(sent[0]?.data.session);
    await offerer.leave();
  });

  it("takes the answer of its current offer only; a late answer to an abandoned one is dropped", async () => {
    const { call: offerer, sent, hear } = call(ATHLETE, FAN);
    await offerer.join(STREAM);
    const abandoned = sent[0]?.data.session;
    await hear('hello');
    const current = sent[2]?.data.session;
    await hear('answer', { session: abandoned, sdp: 'answer-old' });
    expect(FakePeer.made[1]?.remoteDescription).toBeNull();
    await hear('answer', { session: current, sdp: 'answer-new' });
    expect(FakePeer.made[1]?.remoteDescription).toEqual({ type: 'answer', sdp: 'answer-new' });
    await offerer.leave();
  });

  it('answers an offer in its session, and keeps early candidates until the offer arrives', async () => {
    const { call: answerer, sent, hear } = call(FAN, ATHLETE);
    await answerer.join(STREAM);
    expect(sent.map((each) => each.kind)).toEqual(['hello']);
    await hear('candidate', { session: 's1', candidate: { candidate: 'c1' } });
    expect(FakePeer.made).toHaveLength(0);
    await hear('offer', { session: 's1', sdp: 'offer-a' });
    const peer = FakePeer.made[0];
    expect(peer?.remoteDescription).toEqual({ type: 'offer', sdp: 'offer-a' });
    expect(peer?.candidates).toEqual([{ candidate: 'c1' }]);
    expect(sent.at(-1)).toEqual({ kind: 'answer', data: { session: 's1', sdp: 'answer-to-offer-a' } });
    // A new negotiation (the offerer came back) replaces the connection.
    await hear('offer', { session: 's2', sdp: 'offer-b' });
    expect(peer?.closed).toBe(true);
    expect(FakePeer.made[1]?.remoteDescription).toEqual({ type: 'offer', sdp: 'offer-b' });
    await answerer.leave();
  });

  it("asks again with 'hello' while no media flows", async () => {
    jest.useFakeTimers();
    try {
      const { call: answerer, sent } = call(FAN, ATHLETE);
      await answerer.join(STREAM);
      jest.advanceTimersByTime(10_000);
      expect(sent.filter((each) => each.kind === 'hello')).toHaveLength(3);
      await answerer.leave();
      jest.advanceTimersByTime(10_000);
      expect(sent.filter((each) => each.kind === 'hello')).toHaveLength(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it("tells the screen when the partner says 'bye', and says 'bye' when it leaves", async () => {
    const { call: offerer, sent, hear } = call(ATHLETE, FAN);
    const left = jest.fn();
    offerer.onPartnerLeft(left);
    await offerer.join(STREAM);
    await hear('bye');
    expect(left).toHaveBeenCalledTimes(1);
    expect(FakePeer.made[0]?.closed).toBe(true);
    await offerer.leave();
    expect(sent.at(-1)?.kind).toBe('bye');
  });

  it('reports a failed connection', async () => {
    const { call: offerer } = call(ATHLETE, FAN);
    const failed = jest.fn();
    offerer.onFailure(failed);
    await offerer.join(STREAM);
    const peer = FakePeer.made[0] as FakePeer;
    peer.connectionState = 'failed';
    peer.onconnectionstatechange?.();
    expect(failed).toHaveBeenCalledTimes(1);
    await offerer.leave();
  });
});
