import { athleteRefOf } from './athlete-ref';
import { PROFILE_TABS, profileTabOf, profileTabParam } from './profile-tabs';
import { bookingPath, filledSocialLinks, linkText, orderedServices, sportNames } from './profile-view';

describe('athleteRefOf', () => {
  it('reads a username from /@{username}', () => {
    expect(athleteRefOf('jordan.miles')).toEqual({ username: 'jordan.miles' });
    expect(athleteRefOf('jordan.miles2')).toEqual({ username: 'jordan.miles2' });
  });

  it('reads an athlete id, as booking screens link back with it', () => {
    expect(athleteRefOf('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toEqual({ athlete_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' });
  });

  it('names no athlete for anything else, so no call is made', () => {
    expect(athleteRefOf('')).toBeNull();
    expect(athleteRefOf(undefined)).toBeNull();
    expect(athleteRefOf('ab')).toBeNull();
    expect(athleteRefOf('no spaces here')).toBeNull();
    expect(athleteRefOf('%E0%A4%A')).toBeNull();
  });
});

describe('profile tabs', () => {
  it('are Info, Reviews and History', () => {
    expect(PROFILE_TABS.map((tab) => tab.label)).toEqual(['Info', 'Reviews', 'History']);
  });

  it('reads ?tab= and falls back to Info', () => {
    expect(profileTabOf('reviews')).toBe('reviews');
    expect(profileTabOf('history')).toBe('history');
    expect(profileTabOf(null)).toBe('info');
    expect(profileTabOf('video')).toBe('info');
  });

  it('keeps the plain profile URL for Info', () => {
    expect(profileTabParam('info')).toBeNull();
    expect(profileTabParam('reviews')).toBe('reviews');
  });
});

describe('profile view helpers', () => {
  it('links a service to its booking form by athlete id', () => {
    expect(bookingPath('a1', 'video_chat')).toBe('/request-form/a1/video_chat');
  });

  it('lists services in the product order', () => {
    const services = [
      { type: 'camp' as const, rate: 20, per_hour: true },
      { type: 'shoutout' as const, rate: 10, per_hour: false },
      { type: 'personal_appearance' as const, rate: 200, per_hour: false },
    ];
    expect(orderedServices(services).map((service) => service.type)).toEqual(['personal_appearance', 'shoutout', 'camp']);
  });

  it('shows links without scheme, www or a trailing slash', () => {
    expect(linkText('https://www.instagram.com/jordan/')).toBe('instagram.com/jordan');
    expect(linkText('http://tiktok.com/@jordan')).toBe('tiktok.com/@jordan');
  });

  it('keeps only the social links the athlete filled in, in product order', () => {
    const links = filledSocialLinks({
      tiktok_link: null,
      twitter_link: 'https://twitter.com/j',
      snapchat_link: '',
      facebook_link: null,
      instagram_link: 'https://instagram.com/j',
    });
    expect(links).toEqual([
      { type: 'twitter', url: 'https://twitter.com/j' },
      { type: 'instagram', url: 'https://instagram.com/j' },
    ]);
  });

  it('names every sport, or the first sport alone when the list is missing', () => {
    expect(sportNames({ sports: [{ id: 2, name: 'Basketball' }, { id: 6, name: 'Soccer' }], sports_played: 'Basketball' })).toEqual([
      'Basketball',
      'Soccer',
    ]);
    expect(sportNames({ sports: [], sports_played: 'Golf' })).toEqual(['Golf']);
    expect(sportNames({ sports: [], sports_played: null })).toEqual([]);
  });
});
