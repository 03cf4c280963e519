import { Body, Controller, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { rolesOfUserType, UserType } from '@huddle/domain';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { AthletesService } from './athletes.service';
import { AthleteServicesInput, AthleteServicesPayload } from './dto/athlete-services.dto';

@ApiTags('athlete')
@Controller('athlete/services')
export class AthleteServicesController {
  constructor(private readonly athletes: AthletesService) {}

  @Put()
  @Roles(...rolesOfUserType(UserType.Athlete))
  @ApiOperation({ summary: "Turn the caller's services on or off and set their rates (dollars); at least one must stay on." })
  @ApiOkEnvelope(AthleteServicesPayload)
  async update(@CurrentAccount() account: AuthenticatedAccount, @Body() body: AthleteServicesInput): Promise<AthleteServicesPayload> {
    return { athlete_services: await this.athletes.updateServices(account.id, body) };
  }
}
