import type { ReactNode } from 'react';
import { testShell } from '@huddle/ui/testing';
import { formatDate } from '@huddle/domain/format';
import { AdminActionPanel } from './AdminActionPanel';
import { AthleteActionPanel } from './AthleteActionPanel';
import { RequesterActionPanel } from './RequesterActionPanel';
import { renderInShell, testRequest } from './spec-support';

const ACCEPTED_AT = 1772625600;
const DEADLINE = ACCEPTED_AT + 7 * 86400;
const render = (node: ReactNode, role: 1 | 2 | 4) => renderInShell(node, testShell({ role }));
const text = (html: string) => html.replace(/<[^>]+>/g, '');
const noop = () => undefined;

describe('fair timers on the request panels', () => {
  const accepted = testRequest({ type: 'shoutout', status: 2, accepted_at: ACCEPTED_AT, delivery_deadline: DEADLINE });

  it('shows the requester when the video is expected, and that it is refunded after that', () => {
    const html = text(render(<RequesterActionPanel request={{ ...accepted, viewer: 'requester' }} onChange={noop} />, 1));
    expect(html).toContain(`Delivery expected by ${formatDate(DEADLINE)}`);
    expect(html).toContain('you are refunded in full');
  });

  it('shows the athlete the date to deliver by', () => {
    const html = text(render(<AthleteActionPanel request={{ ...accepted, viewer: 'athlete' }} onChange={noop} />, 2));
    expect(html).toContain(`Deliver by ${formatDate(DEADLINE)}`);
    expect(html).toContain('or the request is canceled and refunded');
  });

  it('shows no deadline once there is nothing to deliver, or when the API sends none', () => {
    for (const request of [
      { ...accepted, status: 4 as const, delivery_deadline: null },
      { ...accepted, type: 'camp' as const, delivery_deadline: null },
    ]) {
      expect(text(render(<RequesterActionPanel request={request} onChange={noop} />, 1))).not.toMatch(/Delivery expected/);
      expect(text(render(<AthleteActionPanel request={{ ...request, viewer: 'athlete' }} onChange={noop} />, 2))).not.toMatch(/Deliver by/);
    }
  });

  it('tells the requester a reported video waits for Huddle, and offers the administrator Approve beside Cancel', () => {
    const reported = testRequest({ type: 'shoutout', status: 4, flagged: true });
    expect(text(render(<RequesterActionPanel request={reported} onChange={noop} />, 1))).toContain('You reported this video. Huddle will review it');
    expect(text(render(<AthleteActionPanel request={{ ...reported, viewer: 'athlete' }} onChange={noop} />, 2))).toContain('Under review by Huddle');
    const admin = text(render(<AdminActionPanel request={{ ...reported, viewer: 'admin', available_actions: ['admin_cancel', 'admin_approve'] }} onChange={noop} />, 4));
    expect(admin).toContain('Approve video');
    expect(admin).toContain('Cancel request');
    const unflagged = text(render(<AdminActionPanel request={{ ...reported, flagged: false, viewer: 'admin', available_actions: ['admin_cancel'] }} onChange={noop} />, 4));
    expect(unflagged).not.toContain('Approve video');
  });
});
