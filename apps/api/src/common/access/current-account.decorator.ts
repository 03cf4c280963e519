import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from '../auth-context';
import type { AccountEntity } from '../entities/account.entity';
import type { SessionEntity } from '../entities/session.entity';
import { AuthErrors } from '../auth.errors';

function authOf(context: ExecutionContext) {
  const auth = context.switchToHttp().getRequest<AuthenticatedRequest>().auth;
  // Only reachable on a @Public route used by a signed-out caller: the route must not ask for one.
  if (!auth) throw AuthErrors.signInRequired();
  return auth;
}

/** The signed-in account of a @Roles route. */
export const CurrentAccount = createParamDecorator((_data: unknown, context: ExecutionContext): AccountEntity => authOf(context).account);

/** The session the request came with (logout revokes exactly this one). */
export const CurrentSession = createParamDecorator((_data: unknown, context: ExecutionContext): SessionEntity => authOf(context).session);
