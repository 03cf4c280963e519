import { Body, Controller, Delete, Get, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { rolesOfUserType, UserType } from '@huddle/domain';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { EmptyPayload } from '../../common/http/empty.payload';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { AthletesService } from './athletes.service';
import { LocationInput, LocationPayload, LocationsPayload, RemoveLocationQuery } from './dto/location.dto';

@ApiTags('athlete')
@Controller('athlete/locations')
@Roles(...rolesOfUserType(UserType.Athlete))
export class AthleteLocationsController {
  constructor(private readonly athletes: AthletesService) {}

  @Post()
  @ApiOperation({ summary: 'Add a travel location (from the map picker) for one kind of service.' })
  @ApiOkEnvelope(LocationPayload, 201)
  async add(@CurrentAccount() account: AuthenticatedAccount, @Body() body: LocationInput): Promise<LocationPayload> {
    return { location: await this.athletes.addLocation(account.id, body) };
  }

  @Get('list')
  @ApiOperation({ summary: "The caller's own travel locations." })
  @ApiOkEnvelope(LocationsPayload)
  async list(@CurrentAccount() account: AuthenticatedAccount): Promise<LocationsPayload> {
    return { locations: await this.athletes.listLocations(account.id) };
  }

  @Delete()
  @ApiOperation({ summary: "Remove one of the caller's travel locations (1404 for anyone else's)." })
  @ApiOkEnvelope(EmptyPayload)
  async remove(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RemoveLocationQuery): Promise<EmptyPayload> {
    await this.athletes.removeLocation(account.id, query.location_id);
    return {};
  }
}
