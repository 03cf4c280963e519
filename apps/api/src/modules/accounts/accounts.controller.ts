import { Body, Controller, Delete, Get, Patch, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { MEMBER_ROLES, SIGNED_IN_ROLES } from '@huddle/domain';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { AccountProfileService } from './account-profile.service';
import { AccountPayload } from './dto/account.dto';
import { RemoveLinkQuery } from './dto/registration.dto';
import { PatchAccountDto, UpdateAccountDto } from './dto/update-account.dto';

/**
 * The caller's own account. No route takes an account id: the session says whose account it is.
 * DELETE /user/accounts/self is auth's (AccountDeletionController): deleting signs out everywhere.
 */
@ApiTags('account')
@Controller('user/accounts')
export class AccountsController {
  constructor(private readonly profiles: AccountProfileService) {}

  @Get()
  @Roles(...SIGNED_IN_ROLES)
  @ApiOperation({ summary: "The caller's own account; the shell uses it to learn who is signed in." })
  @ApiOkEnvelope(AccountPayload)
  async account(@CurrentAccount() account: AuthenticatedAccount): Promise<AccountPayload> {
    return { account: await this.profiles.viewById(account.id) };
  }

  @Put()
  @Roles(...SIGNED_IN_ROLES)
  @ApiOperation({ summary: "Edit the caller's own profile. 208 when the email is taken, 211 when the username is." })
  @ApiOkEnvelope(AccountPayload)
  async update(@CurrentAccount() account: AuthenticatedAccount, @Body() body: UpdateAccountDto): Promise<AccountPayload> {
    return { account: await this.profiles.update(account.id, body) };
  }

  @Patch()
  @Roles(...SIGNED_IN_ROLES)
  @ApiOperation({ summary: "Save one part of the caller's own profile (photo, intro video, social links, request emails) without the profile form's required fields." })
  @ApiOkEnvelope(AccountPayload)
  async patch(@CurrentAccount() account: AuthenticatedAccount, @Body() body: PatchAccountDto): Promise<AccountPayload> {
    return { account: await this.profiles.patch(account.id, body) };
  }

  @Delete('links')
  @Roles(...MEMBER_ROLES)
  @ApiOperation({ summary: 'Remove one social link of the caller by type.' })
  @ApiOkEnvelope(AccountPayload)
  async removeLink(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RemoveLinkQuery): Promise<AccountPayload> {
    return { account: await this.profiles.removeLink(account.id, query.type) };
  }
}
