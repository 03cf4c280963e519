import { Controller, Delete, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SIGNED_IN_ROLES } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { EmptyPayload } from '../../common/http/empty.payload';
import { SessionCookie } from './session-cookie';
import { SessionsService } from './sessions.service';

/**
 * Deleting one's own account. It sits beside the sessions because deletion signs the account out
 * everywhere, and the accounts module (which deletes the row) must not depend on auth.
 */
@ApiTags('account')
@Controller('user/accounts')
export class AccountDeletionController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly cookie: SessionCookie,
  ) {}

  @Delete('self')
  @Roles(...SIGNED_IN_ROLES)
  @ApiOperation({ summary: "Delete the caller's account: every session is revoked and the email may sign up again." })
  @ApiOkEnvelope(EmptyPayload)
  async deleteSelf(@CurrentAccount() account: AuthenticatedAccount, @Res({ passthrough: true }) response: FastifyReply): Promise<EmptyPayload> {
    await this.sessions.closeAccount(account.id);
    this.cookie.clear(response);
    return {};
  }
}
