import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserType } from '@huddle/domain';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { CurrentAccount } from './decorators/current-account.decorator';
import { Roles } from './decorators/access.decorators';
import { AccountDto, AccountPayload } from './dto/account.dto';
import type { AccountEntity } from './entities/account.entity';

const SIGNED_IN = [UserType.Fan, UserType.Athlete, UserType.Business, UserType.Admin, 11, 12, 13] as const;

@ApiTags('account')
@Controller('user')
export class AuthController {
  @Get('accounts')
  @Roles(...SIGNED_IN)
  @ApiOperation({ summary: "The caller's own account; the shell uses it to learn who is signed in." })
  @ApiOkEnvelope(AccountPayload)
  account(@CurrentAccount() account: AccountEntity): AccountPayload {
    return { account: AccountDto.from(account) };
  }
}
