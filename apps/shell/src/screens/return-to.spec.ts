import { withReturnTo } from './return-to';

describe('withReturnTo', () => {
  it('carries ?next= on to the other sign-in screen, and nothing else', () => {
    expect(withReturnTo('/signup', '?next=%2F%40jordan.miles&error=12002')).toBe('/signup?next=%2F%40jordan.miles');
    expect(withReturnTo('/login', 'as=fan&next=/p/@jordan.miles')).toBe('/login?next=%2Fp%2F%40jordan.miles');
  });

  it('leaves the path bare without one', () => {
    expect(withReturnTo('/signup', '')).toBe('/signup');
    expect(withReturnTo('/login', '?as=fan')).toBe('/login');
  });
});
