import { Controller, Delete, HttpCode, HttpStatus, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SIGNED_IN_ROLES } from '@huddle/domain';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { EmptyPayload } from '../../common/http/empty.payload';
import { Roles } from '../../common/access/access.decorators';
import { CurrentSessionId } from '../../common/access/current-account.decorator';
import { SessionCookie } from './session-cookie';
import { SessionsService } from './sessions.service';

@ApiTags('auth')
@Controller('user/sessions')
export class SessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly cookie: SessionCookie,
  ) {}

  @Delete()
  @HttpCode(HttpStatus.OK)
  @Roles(...SIGNED_IN_ROLES)
  @ApiOperation({ summary: 'Log out: revokes this session server-side and clears the session cookie.' })
  @ApiOkEnvelope(EmptyPayload)
  async logout(@CurrentSessionId() sessionId: string, @Res({ passthrough: true }) response: FastifyReply): Promise<EmptyPayload> {
    await this.sessions.revoke(sessionId);
    this.cookie.clear(response);
    return {};
  }
}
