import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { ErrorCode } from '@huddle/domain';
import { DomainError } from '../errors/domain-error';
import type { AuthenticatedAccount, AuthenticatedRequest, RequestAuth } from './authenticated-account';

function authOf(context: ExecutionContext): RequestAuth {
  const auth = context.switchToHttp().getRequest<AuthenticatedRequest>().auth;
  // Only reachable on a @Public route used by a signed-out caller: the route must not ask for one.
  if (!auth) throw new DomainError(ErrorCode.Unauthorized);
  return auth;
}

/** The signed-in account of a @Roles route. */
export const CurrentAccount = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedAccount => authOf(context).account);

/** The id of the session the request came with (logout revokes exactly this one). */
export const CurrentSessionId = createParamDecorator((_data: unknown, context: ExecutionContext): string => authOf(context).sessionId);
