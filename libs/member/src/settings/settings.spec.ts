import type { MemberAccount } from '../api/account-types';
import { accountUpdateOf, accountValuesOf } from './account-values';
import { deletionNote, isDeleteConfirmed } from './DeleteProfile';

const account = {
  id: 'u',
  user_type: 3,
  email: 'business@huddle.test',
  phone: '+13105550102',
  first_name: 'Morgan',
  last_name: 'Lee',
  gender: null,
  username: null,
  description: null,
  business_info: { name: 'Acme', email: null, phone: null, website: 'acme.com' },
} as unknown as MemberAccount;

describe('profile edit form', () => {
  it('starts from the account, empty where unset', () => {
    const values = accountValuesOf(account);
    expect(values).toMatchObject({ first_name: 'Morgan', gender: '', username: '', phone: '+13105550102' });
    expect(values.business).toEqual({ name: 'Acme', email: '', phone: '', website: 'acme.com' });
  });

  it('sends trimmed values, a +1 phone and the business block for businesses only', () => {
    const values = { ...accountValuesOf(account), phone: '(310) 555-0199', username: ' morgan.lee ' };
    values.business.phone = '310 555 0100';
    const update = accountUpdateOf(values, 3);
    expect(update).toMatchObject({ phone: '+13105550199', username: 'morgan.lee' });
    expect(update.gender).toBeUndefined();
    expect(update.business_info?.phone).toBe('+13105550100');
    expect(accountUpdateOf(values, 1).business_info).toBeUndefined();
    expect(accountUpdateOf({ ...values, username: '' }, 1).username).toBeNull();
  });
});

describe('delete profile (spec §5)', () => {
  it('says before the confirmation what happens to the requests, by role', () => {
    expect(deletionNote(2)).toBe(
      "Your profile, requests history and sign-in are removed. This cannot be undone. Requests waiting for your answer, and accepted ones that have not started, are canceled: their payers' card holds are released or their payments refunded.",
    );
    expect(deletionNote(12)).toBe(deletionNote(2));
    expect(deletionNote(1)).toBe("Your profile, requests history and sign-in are removed. This cannot be undone. Your requests still waiting for an athlete's answer are canceled and your payment for them returned; those an athlete already accepted go on.");
    expect(deletionNote(3)).toBe(deletionNote(1));
  });

  it('enables the final confirmation only for AGREE exactly', () => {
    expect(isDeleteConfirmed('AGREE')).toBe(true);
    expect(isDeleteConfirmed('agree')).toBe(false);
    expect(isDeleteConfirmed('AGREE ')).toBe(false);
  });
});
