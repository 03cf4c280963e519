import { documentTitle, untitledRoutes } from './route-titles';

describe('document titles', () => {
  it('names every route of the domain route table', () => {
    expect(untitledRoutes()).toEqual([]);
  });

  it('titles a page with the product name', () => {
    expect(documentTitle('/dashboard', 0)).toBe('Dashboard · Huddle');
    expect(documentTitle('/request/:id', 1)).toBe('Request · Huddle');
  });

  it('tells the sign-up form from the profile-setup wizard', () => {
    expect(documentTitle('/signup', -1)).toBe('Sign up · Huddle');
    expect(documentTitle('/signup', 12)).toBe('Set up your profile · Huddle');
  });

  it('falls back to the product name while no route is chosen', () => {
    expect(documentTitle(null, null)).toBe('Huddle');
  });
});
