import {
  campaignBanner,
  campaignCommittedCents,
  campaignIdOfRef,
  campaignRef,
  canCancelCampaign,
  compareCampaignEntries,
  CAMPAIGN_MAX_ATHLETES,
} from './campaign';
import { MESSAGES } from './messages';
import { campaignCompletedNotification, campaignRefundNotification, requestNotifications } from './notifications';
import { campaignMoneyStep, checkRequestAction } from './request-actions';
import { campaignPayloadSchema, fieldErrors, offerAmountError, sanitizeAmountInput } from './request-details';
import { RequestStatus } from './request-status';

const { Pending, Accepted, Canceled, PendingReview, Finished, InProgress } = RequestStatus;
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('the campaign view (spec §4)', () => {
  it('sorts athletes by status priority, then newest first', () => {
    const entries = [
      { id: 'finished', status: Finished, createdAt: 1, amountCents: 1 },
      { id: 'review', status: PendingReview, createdAt: 1, amountCents: 1 },
      { id: 'old-pending', status: Pending, createdAt: 1, amountCents: 1 },
      { id: 'new-pending', status: Pending, createdAt: 5, amountCents: 1 },
      { id: 'canceled', status: Canceled, createdAt: 1, amountCents: 1 },
      { id: 'accepted', status: Accepted, createdAt: 1, amountCents: 1 },
      { id: 'live', status: InProgress, createdAt: 1, amountCents: 1 },
    ];
    expect([...entries].sort(compareCampaignEntries).map((entry) => entry.id)).toEqual(['canceled', 'accepted', 'finished', 'new-pending', 'old-pending', 'live', 'review']);
  });

  it('leaves canceled amounts out of the sums', () => {
    expect(
      campaignCommittedCents([
        { status: Canceled, createdAt: 0, amountCents: 1000 },
        { status: Pending, createdAt: 0, amountCents: 250 },
        { status: Finished, createdAt: 0, amountCents: 4050 },
      ]),
    ).toBe(4300);
  });

  it.each([
    [Pending, 'cancel'],
    [Canceled, 'canceled'],
    [Finished, 'finished'],
    [Accepted, 'awaiting_completion'],
    [PendingReview, 'awaiting_completion'],
    [InProgress, 'awaiting_completion'],
  ] as const)('banner for status %i: %s', (status, banner) => {
    expect(campaignBanner(status)).toBe(banner);
  });

  it('may be canceled only while pending with someone left to cancel', () => {
    expect(canCancelCampaign([Pending, Canceled])).toBe(true);
    expect(canCancelCampaign([Pending, Accepted])).toBe(false);
    expect(canCancelCampaign([Canceled, Canceled])).toBe(false);
    expect(canCancelCampaign([Finished, Pending])).toBe(false);
  });

  it("tells a campaign's '@' id from a shareable paid id by its shape", () => {
    expect(campaignIdOfRef(campaignRef(A))).toBe(A);
    expect(campaignIdOfRef(`@${A.toUpperCase()}`)).toBe(A);
    expect(campaignIdOfRef('@AbCdEfGh12345678')).toBeNull();
    expect(campaignIdOfRef(A)).toBeNull();
  });
});

describe('the campaign form (spec §5, §7)', () => {
  const form = (overrides: Record<string, unknown> = {}) => ({
    name: 'Spring',
    endorsement_task: 'Post a reel',
    endorsement_link: 'example.com',
    social_media_platform: 'instagram',
    athlete_ids: `${A},${B}`,
    proposed_amounts: JSON.stringify([
      { athlete_id: A, amount: 20 },
      { athlete_id: B, amount: '35.5' },
    ]),
    ...overrides,
  });
  const errors = (overrides: Record<string, unknown>) => {
    const parsed = campaignPayloadSchema.safeParse(form(overrides));
    return parsed.success ? {} : fieldErrors(parsed.error);
  };

  it('parses the form into a price per athlete, the link given https', () => {
    expect(campaignPayloadSchema.parse(form())).toEqual({
      name: 'Spring',
      task: 'Post a reel',
      link: 'https://example.com',
      social_media_platform: 'instagram',
      athletes: [
        { athleteId: A, amount: 20 },
        { athleteId: B, amount: 35.5 },
      ],
    });
  });

  it('says what is wrong with each field', () => {
    expect(errors({ endorsement_task: '' })).toEqual({ endorsement_task: MESSAGES.required });
    expect(errors({ endorsement_task: 'x'.repeat(501) })).toEqual({ endorsement_task: MESSAGES.textTooLong });
    expect(errors({ athlete_ids: '' })).toEqual({ athlete_ids: MESSAGES.chooseAthlete });
    expect(errors({ athlete_ids: Array.from({ length: CAMPAIGN_MAX_ATHLETES + 1 }, () => A).join(',') })).toHaveProperty('athlete_ids');
    expect(errors({ proposed_amounts: JSON.stringify([{ athlete_id: A, amount: 20 }]) })).toEqual({ [`proposed_amounts.${B}`]: MESSAGES.required });
    expect(errors({ proposed_amounts: JSON.stringify([{ athlete_id: A, amount: 1 }, { athlete_id: B, amount: 99999999 }]) })).toEqual({
      [`proposed_amounts.${A}`]: MESSAGES.amountBetween(),
      [`proposed_amounts.${B}`]: MESSAGES.amountBetween(),
    });
    expect(errors({ proposed_amounts: JSON.stringify([{ athlete_id: A, amount: 2.005 }, { athlete_id: B, amount: 3 }]) })).toEqual({ [`proposed_amounts.${A}`]: MESSAGES.enterValidAmount });
    expect(errors({ proposed_amounts: 'not json' })).toHaveProperty('proposed_amounts');
  });

  it('checks a typed price as the inputs do: digits and a dot only', () => {
    expect(offerAmountError('')).toBe(MESSAGES.required);
    expect(offerAmountError('12.345')).toBe(MESSAGES.enterValidAmount);
    expect(offerAmountError('.')).toBe(MESSAGES.enterValidAmount);
    expect(offerAmountError('1.49')).toBe('Please, enter amount between 1.5 and 99999999');
    expect(offerAmountError('99999999')).toBe('Please, enter amount between 1.5 and 99999999');
    expect(offerAmountError('1.5')).toBeNull();
    expect(offerAmountError('99999998.99')).toBe(MESSAGES.cardLimit);
    expect(offerAmountError('999999.99')).toBeNull();
    expect(sanitizeAmountInput('$1,250.5a')).toBe('1250.5');
  });
});

describe("a campaign request's money", () => {
  const facts = { type: 'endorsement' as const, paid: true, reviewed: false, inCampaign: true };

  it('allocates the share on accept and refunds it alone otherwise', () => {
    expect(checkRequestAction('accept', 'athlete', { ...facts, status: Pending }, 0)).toMatchObject({ ok: true, money: 'allocate' });
    expect(checkRequestAction('decline', 'athlete', { ...facts, status: Pending }, 0)).toMatchObject({ ok: true, money: 'refund_share' });
    expect(checkRequestAction('expire', 'system', { ...facts, status: Pending }, 0)).toMatchObject({ ok: true, money: 'refund_share' });
    expect(checkRequestAction('admin_cancel', 'admin', { ...facts, status: Accepted }, 0)).toMatchObject({ ok: true, money: 'refund_share' });
    expect(checkRequestAction('accept', 'athlete', { ...facts, inCampaign: false, status: Pending }, 0)).toMatchObject({ ok: true, money: 'capture' });
    expect(campaignMoneyStep('void_or_refund')).toBe('refund_share');
  });
});

describe("a campaign's notifications", () => {
  const change = {
    requestId: 'r1',
    type: 'endorsement' as const,
    athleteId: 'athlete',
    requesterId: 'business',
    athleteName: 'Jordan',
    requesterName: 'Acme',
    actor: 'athlete' as const,
    campaign: { id: 'c1', name: 'Spring' },
  };

  it('invites the athlete, and tells the business of answers (opening the campaign) and deliveries (opening the request)', () => {
    expect(requestNotifications({ ...change, action: 'pay', actor: 'requester' })).toEqual([
      {
        userId: 'athlete',
        email: true,
        data: { title: 'Campaign invitation', text: 'Acme invited you to the endorsement campaign "Spring". Accept or decline it before it expires.', link: '/request/r1' },
      },
    ]);
    expect(requestNotifications({ ...change, action: 'accept' })[0]).toMatchObject({ userId: 'business', data: { title: 'Athlete accepted', link: '/request/@c1' } });
    expect(requestNotifications({ ...change, action: 'decline' })[0]).toMatchObject({ userId: 'business', data: { title: 'Athlete declined', link: '/request/@c1' } });
    expect(requestNotifications({ ...change, action: 'deliver' })[0]).toMatchObject({ userId: 'business', data: { link: '/request/r1' } });
    expect(requestNotifications({ ...change, action: 'cancel', actor: 'requester' })).toEqual([expect.objectContaining({ userId: 'athlete' })]);
  });

  it('tells the business of each refund and of the completion, by email too', () => {
    expect(campaignRefundNotification({ businessId: 'business', campaignId: 'c1', campaignName: 'Spring', athleteName: 'Jordan', amountCents: 2550 })).toEqual({
      userId: 'business',
      email: true,
      data: { title: 'Refund issued', text: `$25.50 for Jordan's share of "Spring" was refunded to your card.`, link: '/request/@c1' },
    });
    expect(campaignCompletedNotification({ businessId: 'business', campaignId: 'c1', campaignName: 'Spring' })).toMatchObject({ email: true, data: { title: 'Campaign complete' } });
  });
});
