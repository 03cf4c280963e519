import { athleteInitials, athleteName, athletePath, formatDollars } from './athlete-card';
import { isCampaignId } from './campaign-id';
import { searchFieldOf, searchPlaceholder } from './search-fields';

describe('dashboard search field', () => {
  it('reads the field from the query string and falls back to name', () => {
    expect(searchFieldOf('sport')).toBe('sport');
    expect(searchFieldOf('school')).toBe('school');
    expect(searchFieldOf(null)).toBe('name');
    expect(searchFieldOf('height')).toBe('name');
  });

  it('tells the user what the box searches', () => {
    expect(searchPlaceholder('name')).toBe('Search athletes by name');
    expect(searchPlaceholder('school')).toBe('Search athletes by school');
  });
});

describe('athlete card helpers', () => {
  const athlete = { username: 'jlee', first_name: 'Jordan', last_name: 'Lee' };

  it('builds the public profile path /@{username}', () => {
    expect(athletePath(athlete)).toBe('/@jlee');
  });

  it('shows the name and initials', () => {
    expect(athleteName(athlete)).toBe('Jordan Lee');
    expect(athleteInitials(athlete)).toBe('JL');
  });

  it('formats dollar rates without empty cents', () => {
    expect(formatDollars(1250)).toBe('$1,250');
    expect(formatDollars(12.5)).toBe('$12.50');
  });
});

describe('isCampaignId', () => {
  it('recognises campaign ids by their @ prefix', () => {
    expect(isCampaignId('@42')).toBe(true);
    expect(isCampaignId('42')).toBe(false);
  });
});
