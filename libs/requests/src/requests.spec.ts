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
  it('names a business by its own name, a person by name, else @username, else as a deleted user', () => {
    const party = { id: 'x', first_name: 'Jordan', last_name: 'Miles', username: 'jordan', profile_photo: null, business_name: null };
    expect(partyName({ ...party, first_name: 'Morgan', last_name: 'Lee', business_name: 'Summit Sports Co.' })).toBe('Summit Sports Co.');
    expect(partyName({ ...party, business_name: '  ' })).toBe('Jordan Miles');
    expect(partyName(party)).toBe('Jordan Miles');
    expect(partyName({ ...party, first_name: null, last_name: null })).toBe('@jordan');
    expect(partyName({ ...party, first_name: null, last_name: null, username: null })).toBe('Deleted user');
  });
});
