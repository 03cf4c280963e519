import { isValidRadius, LIMITS } from './limits';
import { MESSAGES } from './messages';
import { MEMBER_ROLES, rolesOfUserType, SIGNED_IN_ROLES, UserType } from './roles';
import { isSchoolRequired } from './profile';
import { isAppearanceType, isGenderId, isSocialLinkType } from './reference';
import { isLocationType } from './service-types';
import { isValidResetCode } from './validation';

describe('account rules (spec §5)', () => {
  it('takes reset codes of exactly six digits', () => {
    expect(isValidResetCode('012345')).toBe(true);
    expect(isValidResetCode('12345')).toBe(false);
    expect(isValidResetCode('1234567')).toBe(false);
    expect(isValidResetCode('12a456')).toBe(false);
    expect(isValidResetCode(' 123456')).toBe(false);
    expect(LIMITS.resetCode).toEqual({ length: 6, ttlSeconds: 600, maxAttempts: 5 });
  });

  it('asks for a school only when there is more than one to choose from', () => {
    expect(isSchoolRequired(0)).toBe(false);
    expect(isSchoolRequired(1)).toBe(false);
    expect(isSchoolRequired(2)).toBe(true);
  });

  it('takes whole-mile radiuses from one mile up', () => {
    expect(isValidRadius(1)).toBe(true);
    expect(isValidRadius(250)).toBe(true);
    expect(isValidRadius(0)).toBe(false);
    expect(isValidRadius(1.5)).toBe(false);
    expect(isValidRadius(Number.NaN)).toBe(false);
    expect(MESSAGES.radiusTooSmall).toBe('Radius must be at least 1 mile');
  });

  it('recognises location, social link and appearance types and gender ids', () => {
    expect(isLocationType('camp')).toBe(true);
    expect(isLocationType('shoutout')).toBe(false);
    expect(isSocialLinkType('tiktok')).toBe(true);
    expect(isSocialLinkType('youtube')).toBe(false);
    expect(isAppearanceType('SING')).toBe(true);
    expect(isAppearanceType('sing')).toBe(false);
    expect(isGenderId(1)).toBe(true);
    expect(isGenderId(99)).toBe(false);
    expect(isGenderId('1')).toBe(false);
  });

  it('words the blocked-account and wrong-role answers', () => {
    expect(MESSAGES.accountBlocked).toBe('Your account is blocked');
    expect(MESSAGES.userTypeInvalid).toBe('Please choose Athlete, Fan or Business');
    expect(MESSAGES.passwordTooLong).toBe('Password must be at most 128 characters');
  });
});

describe('role groups', () => {
  it('pairs each user type with its incomplete code', () => {
    expect(rolesOfUserType(UserType.Athlete)).toEqual([2, 12]);
    expect(rolesOfUserType(UserType.Fan)).toEqual([1, 11]);
    expect(rolesOfUserType(UserType.Business)).toEqual([3, 13]);
    expect(rolesOfUserType(UserType.Admin)).toEqual([4]);
  });

  it('lists every signed-in role, and the members without the administrator', () => {
    expect(SIGNED_IN_ROLES).toEqual([1, 2, 3, 4, 11, 12, 13]);
    expect(MEMBER_ROLES).toEqual(SIGNED_IN_ROLES.filter((role) => role !== 4));
  });
});
