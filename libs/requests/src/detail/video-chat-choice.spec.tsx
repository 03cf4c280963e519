import { testShell } from '@huddle/ui/testing';
import { renderInShell, testRequest } from './spec-support';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MESSAGES } from '@huddle/domain';
import { formatTime } from '@huddle/domain/format';
import type { RequestView } from '../api/requests-api';
import { AthleteActionPanel } from './AthleteActionPanel';
import { RequesterActionPanel } from './RequesterActionPanel';
import { deviceHasCamera, videoChatChoice, videoChatTime } from './video-chat-choice';
import { opensLabel, videoChatNote } from './VideoChatOffer';

const AT = 1772625600;
const MINUTE = 60;

type ChatFacts = Parameters<typeof videoChatChoice>[0];

function chat(changes: Partial<ChatFacts> = {}): ChatFacts {
  return {
    type: 'video_chat',
    status: 2,
    viewer: 'athlete',
    available_actions: [],
    event: { start_time: AT, end_time: AT + 5 * MINUTE },
    details: { date_time: AT, event_description: 'Say hi' },
    ...changes,
  };
}

describe("a video chat's call on the request panel", () => {
  it('offers the athlete Start once the API allows it, with a camera', () => {
    const startable = chat({ available_actions: ['start_video_chat'] });
    expect(videoChatChoice(startable, AT - 5 * MINUTE, true)).toEqual({ kind: 'start' });
    expect(videoChatChoice(startable, AT - 5 * MINUTE, false)).toEqual({ kind: 'no-camera' });
    // Nothing until the camera check answers, so Start never flashes on a device without one.
    expect(videoChatChoice(startable, AT - 5 * MINUTE, null)).toBeNull();
  });

  it('offers Start when the window opened after the request was read', () => {
    expect(videoChatChoice(chat(), AT - 9 * MINUTE, true)).toEqual({ kind: 'start' });
  });

  it('tells the athlete when the call opens, 10 minutes before its time, and when it has passed', () => {
    expect(videoChatChoice(chat(), AT - 60 * MINUTE, true)).toEqual({ kind: 'opens', at: AT - 10 * MINUTE });
    expect(videoChatChoice(chat(), AT - 60 * MINUTE, false)).toEqual({ kind: 'opens', at: AT - 10 * MINUTE });
    expect(videoChatChoice(chat(), AT + 31 * MINUTE, true)).toEqual({ kind: 'passed' });
  });

  it('reads the booked time from the details when the request has no event', () => {
    expect(videoChatTime(chat({ event: null }))).toBe(AT);
    expect(videoChatTime(chat({ event: null, details: {} }))).toBeNull();
    expect(videoChatChoice(chat({ event: null, details: {} }), AT, true)).toBeNull();
  });

  it('offers both parties Join while the call is in progress, or says the camera is not recognized', () => {
    for (const viewer of ['athlete', 'requester'] as const) {
      expect(videoChatChoice(chat({ status: 6, viewer }), AT, true)).toEqual({ kind: 'join' });
      expect(videoChatChoice(chat({ status: 6, viewer }), AT, false)).toEqual({ kind: 'no-camera' });
    }
  });

  it('offers nothing to the requester before the start, to the administrator, on other statuses or types', () => {
    expect(videoChatChoice(chat({ viewer: 'requester', available_actions: ['approve'] }), AT, true)).toBeNull();
    expect(videoChatChoice(chat({ viewer: 'admin', status: 6 }), AT, true)).toBeNull();
    expect(videoChatChoice(chat({ status: 5 }), AT, true)).toBeNull();
    expect(videoChatChoice(chat({ status: 1 }), AT, true)).toBeNull();
    expect(videoChatChoice(chat({ type: 'camp', status: 6 }), AT, true)).toBeNull();
  });

  it('writes the hint with the time today, and with the date on another day', () => {
    expect(opensLabel(AT - 10 * MINUTE, AT - 60 * MINUTE)).toBe(`You can start the call from ${formatTime(AT - 10 * MINUTE)}`);
    expect(opensLabel(AT, AT - 3 * 24 * 60 * MINUTE)).toMatch(/^You can start the call from [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(renderToStaticMarkup(<>{videoChatNote({ kind: 'no-camera' }, AT)}</>)).toContain(MESSAGES.cameraNotRecognized);
    expect(videoChatNote({ kind: 'join' }, AT)).toBeNull();
  });

  it('checks the device for a camera without needing any permission', async () => {
    expect(await deviceHasCamera(undefined)).toBe(false);
    expect(await deviceHasCamera({ enumerateDevices: async () => [{ kind: 'audioinput' } as MediaDeviceInfo] })).toBe(false);
    expect(await deviceHasCamera({ enumerateDevices: async () => [{ kind: 'videoinput' } as MediaDeviceInfo] })).toBe(true);
    expect(await deviceHasCamera({ enumerateDevices: () => Promise.reject(new Error('nope')) })).toBe(false);
  });
});

const shell = testShell({ role: 2 });

function request(changes: Partial<RequestView>): RequestView {
  return testRequest({
    type: 'video_chat',
    status: 2,
    name: 'Say hi',
    created_at: AT,
    updated_at: AT,
    event: { start_time: Math.floor(Date.now() / 1000) + 3 * 24 * 3600, end_time: Math.floor(Date.now() / 1000) + 3 * 24 * 3600 + 300 },
    accepted_at: AT,
    viewer: 'athlete',
    ...changes,
  });
}

function render(node: ReactNode): string {
  return renderInShell(node, shell);
}

describe('the panels of a video chat request', () => {
  it("show the athlete when an accepted chat opens, and no Start before it", () => {
    const html = render(<AthleteActionPanel request={request({})} onChange={() => undefined} />);
    expect(html).toContain('Video chat with Riley Parker');
    expect(html).toContain('You can start the call from ');
    expect(html).not.toContain('Start video chat');
  });

  it('keep the requester’s accepted chat awaiting its athlete', () => {
    const html = render(<RequesterActionPanel request={request({ viewer: 'requester', profile: request({}).athlete })} onChange={() => undefined} />);
    expect(html).toContain('Awaiting Jordan');
    expect(html).not.toContain('Join chat');
  });

  it('offer no Join before the device is known to have a camera', () => {
    const html = render(<RequesterActionPanel request={request({ viewer: 'requester', status: 6 })} onChange={() => undefined} />);
    expect(html).toContain('Video chat in progress');
    expect(html).not.toContain('Join chat');
  });
});
