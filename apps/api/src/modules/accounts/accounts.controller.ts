import { Body, Controller, Delete, Get, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MEMBER_ROLES, SIGNED_IN_ROLES } from '@huddle/domain';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { EmptyPayload } from '../../common/http/empty.payload';
import { Roles } from '../auth/decorators/access.decorators';
import { CurrentAccount } from '../auth/decorators/current-account.decorator';
import type { AccountEntity } from '../auth/entities/account.entity';
import { SessionCookie } from '../auth/session-cookie';
import { AccountProfileService } from './account-profile.service';
import { AccountPayload } from './dto/account.dto';
import { RemoveLinkQuery } from './dto/registration.dto';
import { UpdateAccountDto } from './dto/update-account.dto';

/** The caller's own account. No route takes an account id: the session says whose account it is. */
@ApiTags('account')
@Controller('user/accounts')
export class AccountsController {
  constructor(
    private readonly profiles: AccountProfileService,
    private readonly cookie: SessionCookie,
  ) {}

  @Get()
  @Roles(...SIGNED_IN_ROLES)
  @ApiOperation({ summary: "The caller's own account; the shell uses it to learn who is signed in." })
  @ApiOkEnvelope(AccountPayload)
  async account(@CurrentAccount() account: AccountEntity): Promise<AccountPayload> {
    return { account: await this.profiles.view(account) };
  }

  @Put()
  @Roles(...SIGNED_IN_ROLES)
  @ApiOperation({ summary: "Edit the caller's own profile. 208 when the email is taken, 211 when the username is." })
  @ApiOkEnvelope(AccountPayload)
  async update(@CurrentAccount() account: AccountEntity, @Body() body: UpdateAccountDto): Promise<AccountPayload> {
    return { account: await this.profiles.update(account, body) };
  }

  @Delete('self')
  @Roles(...SIGNED_IN_ROLES)
  @ApiOperation({ summary: "Delete the caller's account: every session is revoked and the email may sign up again." })
  @ApiOkEnvelope(EmptyPayload)
  async deleteSelf(@CurrentAccount() account: AccountEntity, @Res({ passthrough: true }) response: FastifyReply): Promise<EmptyPayload> {
    await this.profiles.deleteSelf(account);
    this.cookie.clear(response);
    return {};
  }

  @Delete('links')
  @Roles(...MEMBER_ROLES)
  @ApiOperation({ summary: 'Remove one social link of the caller by type.' })
  @ApiOkEnvelope(AccountPayload)
  async removeLink(@CurrentAccount() account: AccountEntity, @Query() query: RemoveLinkQuery): Promise<AccountPayload> {
    return { account: await this.profiles.removeLink(account, query.type) };
  }
}
