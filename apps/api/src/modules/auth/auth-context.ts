import type { FastifyRequest } from 'fastify';
import type { RoleCode } from '@huddle/domain';
import type { AccountEntity } from './entities/account.entity';
import type { SessionEntity } from './entities/session.entity';

export interface AuthContext {
  account: AccountEntity;
  session: SessionEntity;
  role: RoleCode;
}

/** A request after the access guard: `auth` is set whenever a valid session came with it. */
export interface AuthenticatedRequest extends FastifyRequest {
  auth?: AuthContext;
}
