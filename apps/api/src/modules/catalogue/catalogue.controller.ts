import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { Public } from '../../common/access/access.decorators';
import { CatalogueService } from './catalogue.service';
import { ReferenceDataPayload } from './dto/reference-data.payload';

@ApiTags('reference')
@Controller('public/meta')
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get('reference-data')
  @Public()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: 'Sports, genders, divisions, conferences, schools, teams and client settings.' })
  @ApiOkEnvelope(ReferenceDataPayload)
  referenceData(): Promise<ReferenceDataPayload> {
    return this.catalogue.referenceData();
  }
}
