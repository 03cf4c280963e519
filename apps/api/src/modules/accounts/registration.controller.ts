import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { rolesOfUserType, UserType } from '@huddle/domain';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { AccountPayload } from './dto/account.dto';
import { AthleteRegistrationDto, BusinessRegistrationDto, FanRegistrationDto } from './dto/registration.dto';
import { RegistrationService } from './registration.service';

/** The setup wizard of each role; each answers the caller's account, complete once finished. */
@ApiTags('registration')
@Controller('user')
export class RegistrationController {
  constructor(private readonly registration: RegistrationService) {}

  @Post('save-athlete-profile')
  @HttpCode(HttpStatus.OK)
  @Roles(...rolesOfUserType(UserType.Athlete))
  @ApiOperation({ summary: "Save the athlete wizard's progress: any part of the finish-registration body, checked for format only." })
  @ApiOkEnvelope(AccountPayload)
  async saveAthleteProfile(@CurrentAccount() account: AuthenticatedAccount, @Body() body: AthleteRegistrationDto): Promise<AccountPayload> {
    return { account: await this.registration.saveAthleteProgress(account.id, body) };
  }

  @Post('finish-registration')
  @HttpCode(HttpStatus.OK)
  @Roles(...rolesOfUserType(UserType.Athlete))
  @ApiOperation({ summary: "Finish the athlete's wizard: names, photo, intro video, survey and at least one service; the profile becomes complete (role 2)." })
  @ApiOkEnvelope(AccountPayload)
  async finishAthlete(@CurrentAccount() account: AuthenticatedAccount, @Body() body: AthleteRegistrationDto): Promise<AccountPayload> {
    return { account: await this.registration.finishAthlete(account.id, body) };
  }

  @Post('fan/finish-registration')
  @HttpCode(HttpStatus.OK)
  @Roles(...rolesOfUserType(UserType.Fan))
  @ApiOperation({ summary: "Finish the fan's wizard: names, photo and the followed conferences, sports and teams (role 1)." })
  @ApiOkEnvelope(AccountPayload)
  async finishFan(@CurrentAccount() account: AuthenticatedAccount, @Body() body: FanRegistrationDto): Promise<AccountPayload> {
    return { account: await this.registration.finishFan(account.id, body) };
  }

  @Post('business/finish-registration')
  @HttpCode(HttpStatus.OK)
  @Roles(...rolesOfUserType(UserType.Business))
  @ApiOperation({ summary: "Finish the business's wizard: names, photo and the business details (role 3)." })
  @ApiOkEnvelope(AccountPayload)
  async finishBusiness(@CurrentAccount() account: AuthenticatedAccount, @Body() body: BusinessRegistrationDto): Promise<AccountPayload> {
    return { account: await this.registration.finishBusiness(account.id, body) };
  }
}
