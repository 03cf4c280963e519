/**
 * Role codes of the route table (spec §2). The spec also mentions two other readings of the user
 * type (athlete 12 / fan 2, and athlete 3 in a list-grouping rule); they contradict the route
 * table, so Huddle follows the route table only: 1 fan, 2 athlete, 3 business, 4 administrator,
 * and an incomplete profile is its user type plus 10.
 */
export const UserType = { Fan: 1, Athlete: 2, Business: 3, Admin: 4 } as const;
export type UserTypeCode = (typeof UserType)[keyof typeof UserType];

export const SIGNED_OUT = -1 as const;
export const GUEST = 0 as const;
export const INCOMPLETE_OFFSET = 10 as const;

export type IncompleteRoleCode = 11 | 12 | 13;
export type RoleCode = typeof SIGNED_OUT | typeof GUEST | UserTypeCode | IncompleteRoleCode;

export const ALL_ROLE_CODES: readonly RoleCode[] = [-1, 0, 1, 2, 3, 4, 11, 12, 13];

export const USER_TYPE_NAMES: Record<UserTypeCode, string> = {
  1: 'Fan',
  2: 'Athlete',
  3: 'Business',
  4: 'Administrator',
};

export interface RoleSubject {
  user_type: UserTypeCode;
  profile_completed: boolean;
}

export function isUserTypeCode(value: unknown): value is UserTypeCode {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

/** Administrators have no setup wizard, so their profile never counts as incomplete. */
export function roleCodeOf(account: RoleSubject | null | undefined, guest: boolean): RoleCode {
  if (!account) return guest ? GUEST : SIGNED_OUT;
  if (account.user_type === UserType.Admin || account.profile_completed) return account.user_type;
  return (account.user_type + INCOMPLETE_OFFSET) as IncompleteRoleCode;
}

export function isIncomplete(code: RoleCode): code is IncompleteRoleCode {
  return code === 11 || code === 12 || code === 13;
}

export function baseUserType(code: RoleCode): UserTypeCode | null {
  if (isIncomplete(code)) return (code - INCOMPLETE_OFFSET) as UserTypeCode;
  return isUserTypeCode(code) ? code : null;
}

/** A user type's role codes: complete and incomplete (the administrator has no incomplete code). */
export function rolesOfUserType(userType: UserTypeCode): RoleCode[] {
  return userType === UserType.Admin ? [userType] : [userType, (userType + INCOMPLETE_OFFSET) as IncompleteRoleCode];
}

/** Every signed-in role, complete or not: routes any account may use (logout, own account). */
export const SIGNED_IN_ROLES: readonly RoleCode[] = [1, 2, 3, 4, 11, 12, 13];

/** Fans, athletes and businesses, complete or not: everyone with a profile of their own. */
export const MEMBER_ROLES: readonly RoleCode[] = [1, 2, 3, 11, 12, 13];

export const AuthState = { Unauthorized: -1, Authorizing: 0, Authorized: 1 } as const;
export type AuthStateCode = (typeof AuthState)[keyof typeof AuthState];

/** A stored session token that starts with this marker belongs to a guest (spec §4, Session). */
export const GUEST_TOKEN_PREFIX = 'guest:';

export function isGuestToken(token: string | null | undefined): boolean {
  return typeof token === 'string' && token.startsWith(GUEST_TOKEN_PREFIX);
}

/** Where the session token travels (spec §7): the x-access-token header, or the session cookie. */
export const ACCESS_TOKEN_HEADER = 'x-access-token';
export const SESSION_COOKIE = 'huddle_session';
/**
 * Set and cleared with the session cookie, but readable by scripts and holding no credential: a
 * browser without it has no session, so the shell need not ask the API (and log a 401) to know a
 * visitor is a guest.
 */
export const SESSION_HINT_COOKIE = 'huddle_signed_in';
