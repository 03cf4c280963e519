import type { FastifyRequest } from 'fastify';
import type { RoleCode, UserTypeCode } from '@huddle/domain';

/**
 * Who is calling, as a controller sees it: what routes need to decide and to pass on, never the
 * accounts row (services that need the profile load it by id from the accounts module).
 */
export interface AuthenticatedAccount {
  id: string;
  userType: UserTypeCode;
  /** roleCodeOf(user_type, profile_completed): incomplete profiles are user_type + 10. */
  role: RoleCode;
}

/** What the access guard attaches to a request that came with a valid session. */
export interface RequestAuth {
  account: AuthenticatedAccount;
  sessionId: string;
}

/** A request after the access guard: `auth` is set whenever a valid session came with it. */
export interface AuthenticatedRequest extends FastifyRequest {
  auth?: RequestAuth;
}
