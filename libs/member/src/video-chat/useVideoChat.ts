import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toApiError } from '@huddle/api-client';
import { MESSAGES } from '@huddle/domain';
import { fullName } from '@huddle/domain/format';
import { useShell, useShellApi, useToast } from '@huddle/ui';
import { signalChannel, type VideoCall } from './call';
import { cameraFailureMessage, detectCamera } from './camera';
import { joinFailure, mayEndCall, secondsLeft } from './chat-rules';
import { openCall } from './open-call';
import { videoChatApi, type ChatRequest, type VideoChatJoin } from './video-chat-api';

/** How often a call asks the API whether it was finished (the partner's notification may be missed). */
export const CHECK_EVERY_MS = 3_000;

export type ChatState =
  | { phase: 'loading' }
  | { phase: 'no-camera' }
  /** No call to join: not this member's request, not started yet, or over. */
  | { phase: 'unavailable'; title?: string; message: string }
  | { phase: 'failed'; message: string }
  | { phase: 'live' }
  /** The partner finished the call (or its time ran out on their side): 'Your chat has been finished'. */
  | { phase: 'finished' }
  /** This member is leaving: Finish call confirmed, or the time is up. */
  | { phase: 'leaving'; reason: 'finish' | 'time' };

export interface ChatMedia {
  join: VideoChatJoin;
  partnerName: string;
  local: MediaStream;
  remote: MediaStream | null;
}

function partnerNameOf(request: ChatRequest): string {
  return fullName(request.profile) || (request.profile.username ? `@${request.profile.username}` : 'Your partner');
}

/**
 * A video chat from this member's side (issue 13): the camera check, the join, the camera and
 * microphone, the call on the join's provider, then its end: Finish call (leave), the time running
 * out (complete-video-chat), or the partner finishing it (seen on the live stream or by asking the
 * API every few seconds). Leaving the screen stops the camera and closes the call.
 */
export function useVideoChat(requestId: string) {
  const api = useShellApi(videoChatApi);
  const { events, navigate } = useShell();
  // The hub's own subscribe: it outlives the shell's context value, which changes with the account.
  const { subscribe } = events;
  const toast = useToast();
  const [state, setState] = useState<ChatState>({ phase: 'loading' });
  const [media, setMedia] = useState<ChatMedia | null>(null);
  const [checks, askAgain] = useReducer((count: number) => count + 1, 0);
  const call = useRef<VideoCall | null>(null);
  const local = useRef<MediaStream | null>(null);

  /** Closes the call and releases the camera; safe to repeat. */
  const hangUp = useCallback(async () => {
    const current = call.current;
    call.current = null;
    for (const track of local.current?.getTracks() ?? []) track.stop();
    local.current = null;
    await current?.leave();
  }, []);

  useEffect(() => {
    let active = true;
    const abort = new AbortController();
    setState({ phase: 'loading' });
    setMedia(null);
    const fail = (message: string) => {
      if (!active) return;
      void hangUp();
      setState({ phase: 'failed', message });
    };
    void (async () => {
      // Spec §4: without a camera there is no call to join.
      if (!(await detectCamera(navigator.mediaDevices))) {
        if (active) setState({ phase: 'no-camera' });
        return;
      }
      let join: VideoChatJoin;
      let request: ChatRequest;
      try {
        [join, request] = await Promise.all([api.join(requestId, abort.signal), api.request(requestId, abort.signal)]);
      } catch (error) {
        if (active) setState({ phase: 'unavailable', ...joinFailure(error) });
        return;
      }
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      } catch (error) {
        fail(cameraFailureMessage(error));
        return;
      }
      if (!active) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      local.current = stream;
      try {
        const channel = signalChannel(join, requestId, (kind, data) => api.signal(requestId, join.token, kind, data), { subscribe });
        const opened = await openCall(join, channel);
        if (!active) {
          await opened.leave();
          return;
        }
        call.current = opened;
        opened.onRemoteStream((remote) => {
          if (active) setMedia((current) => (current ? { ...current, remote } : current));
        });
        opened.onPartnerLeft(() => {
          if (active) askAgain();
        });
        opened.onFailure(() => fail(MESSAGES.videoCallError));
        setMedia({ join, partnerName: partnerNameOf(request), local: stream, remote: null });
        setState({ phase: 'live' });
        await opened.join(stream);
      } catch {
        fail(MESSAGES.videoCallError);
      }
    })();
    return () => {
      active = false;
      abort.abort();
      void hangUp();
    };
  }, [api, subscribe, requestId, hangUp]);

  // The partner finished it: their notification arrives on the stream, and the API is asked anyway.
  const live = state.phase === 'live';
  useEffect(() => {
    if (!live) return;
    let active = true;
    const check = async () => {
      try {
        const answer = await api.check(requestId);
        if (!active || !answer.video_chat_completed) return;
        void hangUp();
        setState((current) => (current.phase === 'live' ? { phase: 'finished' } : current));
      } catch {
        // The next check asks again.
      }
    };
    const timer = setInterval(() => void check(), CHECK_EVERY_MS);
    const unsubscribe = subscribe((event) => {
      if (mayEndCall(event, requestId)) void check();
    });
    if (checks > 0) void check();
    return () => {
      active = false;
      clearInterval(timer);
      unsubscribe();
    };
  }, [api, subscribe, requestId, live, checks, hangUp]);

  const backToRequest = useCallback(() => navigate(`/request/${requestId}`), [navigate, requestId]);

  /** Finish call, confirmed: the partner is told, the API finishes the request for both. */
  const finish = useCallback(async () => {
    setState({ phase: 'leaving', reason: 'finish' });
    await hangUp();
    try {
      await api.leave(requestId);
    } catch (error) {
      toast.show(toApiError(error).message, 'error');
    }
    backToRequest();
  }, [api, requestId, hangUp, toast, backToRequest]);

  /** The session's time is up: whoever is still on the call finishes it (a repeat answers the finished request). */
  const timeUp = useCallback(async () => {
    setState({ phase: 'leaving', reason: 'time' });
    await hangUp();
    try {
      await api.complete(requestId);
    } catch {
      // The API's timers finish a call nobody finished.
    }
    backToRequest();
  }, [api, requestId, hangUp, backToRequest]);

  return { state, media, finish, timeUp, backToRequest };
}

/**
 * Seconds left in the call, read every second while it is on; null before the join. The end is the
 * API's (ends_at: videoChatEndsAt, 5 minutes from the start, or from the booked time for a call
 * started early), so both parties count down to the same moment.
 */
export function useSecondsLeft(join: Pick<VideoChatJoin, 'ends_at'> | null): number | null {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    if (!join) return;
    setNow(Date.now() / 1000);
    const timer = setInterval(() => setNow(Date.now() / 1000), 1_000);
    return () => clearInterval(timer);
  }, [join]);
  return join ? secondsLeft(join.ends_at, now) : null;
}
