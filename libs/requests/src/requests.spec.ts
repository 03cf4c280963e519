import { isCampaignId } from './campaign-id';
import { emptyRequestsText, requestTabOf } from './request-tabs';

describe('requests tabs', () => {
  it('keeps the tab from the URL and defaults to Pending', () => {
    expect(requestTabOf('finished')).toBe('finished');
    expect(requestTabOf(null)).toBe('pending');
    expect(requestTabOf('archived')).toBe('pending');
  });

  it('gives each tab its own empty text', () => {
    expect(emptyRequestsText('pending')).toBe('No pending requests yet');
    expect(emptyRequestsText('accepted')).toBe('No accepted requests yet');
    expect(emptyRequestsText('finished')).toBe('No finished requests yet');
  });
});

describe('isCampaignId', () => {
  it('recognises campaign ids by their @ prefix', () => {
    expect(isCampaignId('@42')).toBe(true);
    expect(isCampaignId('42')).toBe(false);
  });
});
