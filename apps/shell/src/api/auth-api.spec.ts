import { accountOf, businessSignInUrl, signInErrorOf } from './auth-api';

const reply = (account: unknown) => ({ account, session_token: 'token', status_response: { status: 200 } });

describe('accountOf (sign-in and sign-up replies)', () => {
  it('keeps what the shell needs of the account', () => {
    const account = accountOf(
      reply({ id: 'u-1', user_type: 2, profile_completed: false, email: 'a@b.co', first_name: 'Jordan', last_name: null, phone: '+15551234567' }),
    );
    expect(account).toEqual({
      id: 'u-1',
      user_type: 2,
      profile_completed: false,
      email: 'a@b.co',
      first_name: 'Jordan',
      last_name: null,
      username: null,
      profile_photo: null,
    });
  });

  it('refuses a reply without a usable account', () => {
    expect(accountOf({ status_response: { status: 200 } })).toBeNull();
    expect(accountOf(reply({ id: 'u-1', user_type: 9, email: 'a@b.co' }))).toBeNull();
    expect(accountOf(reply({ id: 5, user_type: 1, email: 'a@b.co' }))).toBeNull();
  });
});

describe('business sign-in', () => {
  it('redirects through the API with the state and the origin the page was opened on', () => {
    expect(businessSignInUrl('/api/v1', 'a b', 'http://127.0.0.1:4200')).toBe('/api/v1/user/auth/business?state=a+b&origin=http%3A%2F%2F127.0.0.1%3A4200');
  });

  it('reads a known error code from the callback query only', () => {
    expect(signInErrorOf('?error=12002')).toBe(12002);
    expect(signInErrorOf('error=abc')).toBeNull();
    expect(signInErrorOf('')).toBeNull();
  });
});
