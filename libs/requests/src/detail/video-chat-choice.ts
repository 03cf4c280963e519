import { useEffect, useState } from 'react';
import { videoChatWindow, videoChatWindowState } from '@huddle/domain';
import type { RequestView } from '../api/requests-api';

/**
 * What a video chat request's panel offers about the call (spec §4, issue 13):
 * - start: the athlete opens the call (its window is open);
 * - join: the call is in progress (either party);
 * - no-camera: 'Camera is not recognized' instead of Start or Join, as this device has no camera;
 * - opens: the athlete's hint of when the call can be started;
 * - passed: the athlete's window went by without a call.
 * Null offers nothing: another type or status, the administrator, or the camera not yet checked.
 */
export type VideoChatChoice =
  | { kind: 'start' }
  | { kind: 'join' }
  | { kind: 'no-camera' }
  | { kind: 'opens'; at: number }
  | { kind: 'passed' }
  | null;

type ChatRequestFacts = Pick<RequestView, 'type' | 'status' | 'viewer' | 'available_actions' | 'event' | 'details'>;

/** The booked moment of a video chat (its event's start, or the booked date_time), unix seconds. */
export function videoChatTime(request: Pick<RequestView, 'event' | 'details'>): number | null {
  const booked = request.event?.start_time ?? request.details.date_time;
  return typeof booked === 'number' && Number.isFinite(booked) ? booked : null;
}

/** `hasCamera` is null while the device is being checked. */
export function videoChatChoice(request: ChatRequestFacts, nowSeconds: number, hasCamera: boolean | null): VideoChatChoice {
  if (request.type !== 'video_chat' || request.viewer === 'admin') return null;
  const withCamera = (choice: { kind: 'start' } | { kind: 'join' }): VideoChatChoice => (hasCamera === null ? null : hasCamera ? choice : { kind: 'no-camera' });
  if (request.status === 6) return withCamera({ kind: 'join' });
  if (request.status !== 2 || request.viewer !== 'athlete') return null;
  const at = videoChatTime(request);
  // The API's actions were read when the request was; the clock may have opened the window since.
  const state = at === null ? null : videoChatWindowState(at, nowSeconds);
  if (request.available_actions.includes('start_video_chat') || state === 'open') return withCamera({ kind: 'start' });
  if (at !== null && state === 'early') return { kind: 'opens', at: videoChatWindow(at).opensAt };
  return state === 'over' ? { kind: 'passed' } : null;
}

/** Whether this device has a camera, listed without asking for any permission; null until known. */
export async function deviceHasCamera(mediaDevices: Pick<MediaDevices, 'enumerateDevices'> | undefined): Promise<boolean> {
  if (!mediaDevices?.enumerateDevices) return false;
  try {
    return (await mediaDevices.enumerateDevices()).some((device) => device.kind === 'videoinput');
  } catch {
    return false;
  }
}

/** The camera check for a panel that may offer the call; it follows cameras plugged in or out. */
export function useHasCamera(wanted: boolean): boolean | null {
  const [hasCamera, setHasCamera] = useState<boolean | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let active = true;
    const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    const check = () =>
      void deviceHasCamera(devices).then((found) => {
        if (active) setHasCamera(found);
      });
    check();
    devices?.addEventListener?.('devicechange', check);
    return () => {
      active = false;
      devices?.removeEventListener?.('devicechange', check);
    };
  }, [wanted]);
  return hasCamera;
}
