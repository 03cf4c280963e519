import { moneyDelayedNotification, moneyNotification, paymentFailedNotification, paymentNotCollectedNotification, requestNotifications, type RequestChangeFacts } from './notifications';

const change = (action: RequestChangeFacts['action'], actor: RequestChangeFacts['actor'] = 'athlete'): RequestChangeFacts => ({
  requestId: 'r1',
  action,
  type: 'shoutout',
  athleteId: 'athlete',
  requesterId: 'fan',
  athleteName: 'Jordan',
  requesterName: 'Riley P.',
  actor,
});

const recipients = (action: RequestChangeFacts['action']) => requestNotifications(change(action)).map((draft) => [draft.userId, draft.email]);

describe('who learns of each step a request takes', () => {
  it('tells the athlete of a paid request, by email too', () => {
    const [draft] = requestNotifications(change('pay', 'requester'));
    expect(draft).toEqual({
      userId: 'athlete',
      email: true,
      data: { title: 'New request', text: 'Riley P. booked a video shoutout. Accept or decline it before it expires.', link: '/request/r1' },
    });
  });

  it("says 'an' before a vowel: 'booked an endorsement'", () => {
    expect(requestNotifications({ ...change('pay', 'requester'), type: 'endorsement' })[0].data.text).toBe('Riley P. booked an endorsement. Accept or decline it before it expires.');
  });

  it("tells the requester of the athlete's answer and the delivery, by email too", () => {
    expect(recipients('accept')).toEqual([['fan', true]]);
    expect(recipients('decline')).toEqual([['fan', true]]);
    expect(recipients('deliver')).toEqual([['fan', true]]);
    expect(requestNotifications(change('decline'))[0].data.text).toBe('Jordan declined your video shoutout. Your card hold will be released.');
  });

  it('tells both parties of an expiry and of an administrator’s cancel, the requester by email', () => {
    expect(recipients('expire')).toEqual([
      ['fan', true],
      ['athlete', false],
    ]);
    expect(recipients('admin_cancel')).toEqual([
      ['fan', true],
      ['athlete', false],
    ]);
  });

  it('tells the athlete of a cancel, an approval, an automatic completion and a review, in the app only', () => {
    for (const action of ['cancel', 'approve', 'auto_complete', 'review'] as const) expect(recipients(action)).toEqual([['athlete', false]]);
  });

  it('tells the other party a video chat started or was finished (both when its time ran out), and nobody of a flag', () => {
    expect(recipients('start_video_chat')).toEqual([['fan', false]]);
    expect(requestNotifications(change('start_video_chat', 'requester'))).toEqual([
      { userId: 'athlete', email: false, data: { title: 'Video chat started', text: 'Riley P. started the video chat. Join now.', link: '/request/r1' } },
    ]);
    expect(recipients('flag')).toEqual([]);
    expect(recipients('complete_video_chat')).toEqual([['fan', false]]);
    expect(requestNotifications(change('complete_video_chat', 'requester')).map((draft) => draft.userId)).toEqual(['athlete']);
    expect(requestNotifications(change('complete_video_chat', 'system')).map((draft) => draft.userId)).toEqual(['fan', 'athlete']);
  });

  it('opens the request from every notification', () => {
    for (const action of ['pay', 'accept', 'decline', 'cancel', 'admin_cancel', 'expire', 'deliver', 'start_video_chat', 'approve', 'auto_complete', 'review'] as const) {
      for (const draft of requestNotifications(change(action))) expect(draft.data.link).toBe('/request/r1');
    }
  });

  it('tells the requester, by email too, when the card could not be charged', () => {
    expect(paymentFailedNotification('fan', 'r1')).toMatchObject({ userId: 'fan', email: true, data: { title: 'Payment failed', link: '/request/r1' } });
    expect(paymentNotCollectedNotification('athlete', 'r1')).toMatchObject({ userId: 'athlete', email: true, data: { title: 'Payment not collected', link: '/request/r1' } });
    expect(paymentNotCollectedNotification('athlete', 'r1').data.text).toMatch(/wait before you deliver/);
  });

  it('tells the payer, by email too, when a release or refund they were promised is delayed, never that it moved', () => {
    const release = moneyDelayedNotification({ kind: 'release', payerId: 'fan', amountCents: 5000, link: '/request/r1' });
    expect(release).toEqual({
      userId: 'fan',
      email: true,
      data: { title: 'Card hold not released yet', text: expect.stringContaining('We could not release your card hold of $50.00 yet.'), link: '/request/r1' },
    });
    const refund = moneyDelayedNotification({ kind: 'refund', payerId: 'biz', amountCents: 12345, link: '/request/@c1' });
    expect(refund.data).toMatchObject({ title: 'Refund delayed', link: '/request/@c1' });
    expect(refund.data.text).toContain('We could not issue your refund of $123.45 yet.');
    for (const draft of [release, refund]) expect(draft.data.text).not.toMatch(/was released|was refunded|issued to/);
  });
});

describe('nobody is told money moved before it did', () => {
  it('the decisions say what will happen to the hold, never that it happened', () => {
    for (const action of ['decline', 'expire', 'admin_cancel', 'athlete_gone'] as const) {
      const texts = requestNotifications(change(action)).map((draft) => draft.data.text);
      expect(texts.join(' ')).toMatch(/will be/);
      expect(texts.join(' ')).not.toMatch(/was released|was returned|was refunded/);
    }
  });

  it('a lapsed hold tells both parties why, by email, and the athlete not to deliver', () => {
    const drafts = requestNotifications(change('hold_lapse', 'system'));
    expect(drafts.map((draft) => [draft.userId, draft.email])).toEqual([
      ['fan', true],
      ['athlete', true],
    ]);
    expect(drafts[0].data.text).toBe('The card hold expired before it could be charged, so your video shoutout with Jordan was canceled. Nothing was charged.');
    expect(drafts[1].data.text).toMatch(/Do not deliver it\.$/);
  });

  it('a video chat its athlete never started: both told, by email, the requester of the refund to come', () => {
    const drafts = requestNotifications({ ...change('no_show', 'system'), type: 'video_chat' });
    expect(drafts).toEqual([
      { userId: 'fan', email: true, data: { title: 'Video chat canceled', text: 'Jordan did not start your video chat. Your payment will be refunded.', link: '/request/r1' } },
      { userId: 'athlete', email: true, data: { title: 'Video chat canceled', text: 'You did not start the video chat with Riley P., so it was canceled. The payment will be refunded.', link: '/request/r1' } },
    ]);
  });

  it('a video not delivered in time: both told, by email; a campaign’s business of its share', () => {
    expect(requestNotifications(change('missed_delivery', 'system')).map((draft) => [draft.userId, draft.email, draft.data.text])).toEqual([
      ['fan', true, 'Jordan did not deliver your video shoutout in time. Your payment will be refunded.'],
      ['athlete', true, 'The video shoutout for Riley P. was not delivered in time, so it was canceled. The payment will be refunded.'],
    ]);
    const campaign = requestNotifications({ ...change('missed_delivery', 'system'), type: 'endorsement', requesterName: 'Acme', campaign: { id: 'c1', name: 'Spring' } });
    expect(campaign.map((draft) => [draft.userId, draft.email, draft.data.link])).toEqual([
      ['fan', true, '/request/@c1'],
      ['athlete', true, '/request/r1'],
    ]);
    expect(campaign[0].data.text).toBe('Jordan did not deliver the endorsement of "Spring" in time. Their share will be refunded to your card.');
  });

  it('a share canceled because its athlete is gone: only the payer is told, by email, of the refund to come', () => {
    expect(requestNotifications(change('athlete_gone', 'system')).map((draft) => [draft.userId, draft.email, draft.data.text])).toEqual([
      ['fan', true, 'Jordan is no longer on Huddle, so your video shoutout was canceled. Your card hold will be released, or your payment refunded.'],
    ]);
    const campaign = requestNotifications({ ...change('athlete_gone', 'system'), type: 'endorsement', requesterName: 'Acme', campaign: { id: 'c1', name: 'Spring' } });
    expect(campaign.map((draft) => [draft.userId, draft.email, draft.data.link, draft.data.text])).toEqual([
      ['fan', true, '/request/@c1', 'Jordan is no longer on Huddle, so their endorsement of "Spring" was canceled. Their share will be refunded to your card.'],
    ]);
  });

  it('an administrator approving a flagged shoutout tells the athlete and the requester who reported it', () => {
    expect(requestNotifications(change('admin_approve', 'admin')).map((draft) => [draft.userId, draft.data.title, draft.data.text])).toEqual([
      ['athlete', 'Request approved', 'Huddle reviewed your video shoutout for Riley P. and approved it.'],
      ['fan', 'Report reviewed', 'Huddle reviewed the video shoutout you reported and approved it.'],
    ]);
  });

  it('the timers’ cancels say the refund will come, never that it came', () => {
    for (const action of ['no_show', 'missed_delivery'] as const) {
      const texts = requestNotifications(change(action, 'system')).map((draft) => draft.data.text).join(' ');
      expect(texts).toMatch(/will be refunded/);
      expect(texts).not.toMatch(/was refunded|were refunded|and refunded/);
    }
  });

  it('the receipts name the amount, service, athlete, date and card, by email', () => {
    const base = { payerId: 'fan', requestId: 'r1', amountCents: 4500, serviceType: 'shoutout' as const, athleteName: 'Jordan', card: { brand: 'visa', last4: '4242' }, at: new Date('2026-11-26T15:00:00Z') };
    expect(moneyNotification({ ...base, kind: 'released' })).toEqual({
      userId: 'fan',
      email: true,
      data: { title: 'Card hold released', text: 'Your card hold of $45.00 was released on Nov 26, 2026 (video shoutout with Jordan, your Visa ending in 4242).', link: '/request/r1' },
    });
    expect(moneyNotification({ ...base, kind: 'refunded' }).data.text).toBe('Refund of $45.00 issued to your Visa ending in 4242 on Nov 26, 2026 for your video shoutout with Jordan.');
    expect(moneyNotification({ ...base, kind: 'charged', card: null }).data).toMatchObject({ title: 'Payment received', text: '$45.00 was charged to your card for your video shoutout with Jordan on Nov 26, 2026.' });
  });
});
