import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../../common/access/authenticated-account';
import { AuthErrors } from './auth.errors';
import { ACCESS_METADATA } from '../../common/access/access.decorators';
import type { RouteAccess } from '../../common/access/access.decorators';
import { SessionCookie } from './session-cookie';
import { SessionsService } from './sessions.service';

/**
 * The one global guard. It attaches the caller's session when there is a valid one (a session
 * token verified by the passport-jwt strategy; a renewed token goes back in the answer's cookie
 * and x-access-token header), then applies
 * the route's declared access: @Public admits everyone, @Roles admits listed role codes, and a
 * route that declares nothing is closed (401 without a session, 403 with one).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
    private readonly cookie: SessionCookie,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(ACCESS_METADATA, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();

    const signedIn = await this.sessions.authenticate(request);
    if (signedIn) {
      request.auth = signedIn.auth;
      if (signedIn.renewed) this.cookie.renew(context.switchToHttp().getResponse<FastifyReply>(), signedIn.renewed.token, signedIn.renewed.sessionExpiresAt);
    }

    if (access?.kind === 'public') return true;
    if (!request.auth) throw AuthErrors.signInRequired();
    if (access?.kind === 'roles' && access.roles.includes(request.auth.account.role)) return true;
    throw AuthErrors.forbidden();
  }
}
