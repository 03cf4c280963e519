import { partyName } from './request-people';
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

describe('request parties', () => {
  it('names a party by name, else @username, else as a deleted user', () => {
    const party = { id: 'x', first_name: 'Jordan', last_name: 'Miles', username: 'jordan', profile_photo: null };
    expect(partyName(party)).toBe('Jordan Miles');
    expect(partyName({ ...party, first_name: null, last_name: null })).toBe('@jordan');
    expect(partyName({ ...party, first_name: null, last_name: null, username: null })).toBe('Deleted user');
  });
});
