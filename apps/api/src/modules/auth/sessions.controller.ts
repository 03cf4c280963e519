import { Controller, Delete, HttpCode, HttpStatus, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SIGNED_IN_ROLES } from '@huddle/domain';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { EmptyPayload } from '../../common/http/empty.payload';
import { Roles } from './decorators/access.decorators';
import { CurrentSession } from './decorators/current-account.decorator';
import type { SessionEntity } from './entities/session.entity';
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
  async logout(@CurrentSession() session: SessionEntity, @Res({ passthrough: true }) response: FastifyReply): Promise<EmptyPayload> {
    await this.sessions.revoke(session.id);
    this.cookie.clear(response);
    return {};
  }
}
