import { athleteCaption, athleteFirstName, athleteInitials, athleteName, athletePath, athleteServicesPath, cardPhoto } from './athlete-card';
import { searchFieldOf, searchPlaceholder } from './dashboard/search-fields';

describe('dashboard search field', () => {
  it('reads the field from the query string and falls back to name', () => {
    expect(searchFieldOf('sport')).toBe('sport');
    expect(searchFieldOf('school')).toBe('school');
    expect(searchFieldOf(null)).toBe('name');
    expect(searchFieldOf('height')).toBe('name');
  });

  it('tells the user what the box searches', () => {
    expect(searchPlaceholder('name')).toBe('Search by name');
    expect(searchPlaceholder('sport')).toBe('Search by sport');
    expect(searchPlaceholder('school')).toBe('Search by school');
  });
});

describe('athlete card helpers', () => {
  const athlete = { athlete_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', username: 'jordan.lee', first_name: 'Jordan', last_name: 'Lee' };

  it('builds the public profile path /@{username} and the services path /p/@{username}', () => {
    expect(athletePath(athlete)).toBe('/@jordan.lee');
    expect(athleteServicesPath(athlete)).toBe('/p/@jordan.lee');
  });

  it('addresses an athlete without a username by id', () => {
    expect(athletePath({ ...athlete, username: null })).toBe('/@3f2504e0-4f89-41d3-9a0c-0305e82c3301');
  });

  it('shows the name and initials, even when names are missing', () => {
    expect(athleteName(athlete)).toBe('Jordan Lee');
    expect(athleteInitials(athlete)).toBe('JL');
    expect(athleteFirstName(athlete)).toBe('Jordan');
    expect(athleteName({ first_name: null, last_name: 'Lee' })).toBe('Lee');
    expect(athleteName({ first_name: null, last_name: null })).toBe('Athlete');
    expect(athleteInitials({ first_name: null, last_name: null })).toBe('A');
    expect(athleteFirstName({ first_name: null, last_name: 'Lee' })).toBe('Lee');
  });

  it('prefers the 8:11 dashboard photo for the grid, then the profile photo', () => {
    expect(cardPhoto({ dashboard_photo: '/media/d.jpg', profile_photo: '/media/p.jpg' })).toBe('/media/d.jpg');
    expect(cardPhoto({ dashboard_photo: null, profile_photo: '/media/p.jpg' })).toBe('/media/p.jpg');
    expect(cardPhoto({ dashboard_photo: '', profile_photo: null })).toBeNull();
  });

  it('joins sport and school, leaving out what is missing', () => {
    expect(athleteCaption({ sports_played: 'Basketball', school_name: 'Duke University' })).toBe('Basketball · Duke University');
    expect(athleteCaption({ sports_played: null, school_name: 'Duke University' })).toBe('Duke University');
    expect(athleteCaption({ sports_played: null, school_name: null })).toBe('');
  });
});
