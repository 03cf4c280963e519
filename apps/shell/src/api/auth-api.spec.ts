import { accountOf } from './auth-api';

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
