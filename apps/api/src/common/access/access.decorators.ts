import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiCookieAuth, ApiExtension, ApiSecurity } from '@nestjs/swagger';
import type { RoleCode } from '@huddle/domain';
import { SESSION_COOKIE } from '@huddle/domain';

export const ACCESS_METADATA = 'huddle:access';
export const ACCESS_TOKEN_SCHEME = 'access-token';
export const SESSION_COOKIE_SCHEME = SESSION_COOKIE;

export type RouteAccess = { kind: 'public' } | { kind: 'roles'; roles: readonly RoleCode[] };

/** Anyone may call the route, signed in or not; a valid session is still attached when sent. */
export function Public(): MethodDecorator & ClassDecorator {
  return SetMetadata<string, RouteAccess>(ACCESS_METADATA, { kind: 'public' });
}

/**
 * Only accounts whose role code (roleCodeOf: incomplete profiles are user_type + 10) is listed
 * may call the route. Routes with neither @Public nor @Roles are closed to everyone.
 */
export function Roles(...roles: RoleCode[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata<string, RouteAccess>(ACCESS_METADATA, { kind: 'roles', roles }),
    ApiCookieAuth(SESSION_COOKIE_SCHEME),
    ApiSecurity(ACCESS_TOKEN_SCHEME),
    ApiExtension('x-roles', roles),
  );
}
