import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { Public } from '../../common/access/access.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { GeocodePayload, GeocodeQuery } from './dto/geocode.dto';
import { MapConfigPayload } from './dto/map-config.payload';
import { PlaceLabelsPayload, PlaceLabelsQuery } from './dto/place-labels.dto';
import { MapsService } from './maps.service';

@ApiTags('maps')
@Controller('maps')
export class MapsController {
  constructor(private readonly maps: MapsService) {}

  @Get('geocode')
  @Public()
  @RateLimit('geocode')
  @ApiOperation({
    summary: "The location picker's search: places by name, or coordinates.",
    description: "1503 when the configured geocoder fails (shown as 'Unknown map issue'); 1400 for coordinates out of range.",
  })
  @ApiOkEnvelope(GeocodePayload)
  geocode(@Query() { query }: GeocodeQuery): Promise<GeocodePayload> {
    return this.maps.geocode(query);
  }

  @Get('places')
  @Public()
  @Header('Cache-Control', 'public, max-age=86400')
  @ApiOperation({
    summary: "City labels for the offline map: the most populous places inside a box, largest first.",
    description: '1400 for an edge out of range or a south edge above the north one.',
  })
  @ApiOkEnvelope(PlaceLabelsPayload)
  places(@Query() query: PlaceLabelsQuery): PlaceLabelsPayload {
    return this.maps.placeLabels(query);
  }

  @Get('config')
  @Public()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: 'What the map can show: the tile server (if any), the default centre, radius and zoom levels.' })
  @ApiOkEnvelope(MapConfigPayload)
  config(): MapConfigPayload {
    return this.maps.mapConfig();
  }
}
