import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { BusinessExportsService, MAX_ACTIVE_EXPORTS } from './business-exports.service';
import { BusinessExportPayload, BusinessExportQuery } from './dto/business-export.dto';

/**
 * The business's statistics export (issue 23, the /stats export modal). The spec names the route
 * as a GET (`counters-business-export`: send, export csv or pdf; answers a filename), so the GET
 * starts the export, a side effect kept on purpose to keep the spec's route; it is bounded (at most
 * MAX_ACTIVE_EXPORTS at once per business) and only makes a row and a job. The job's progress and
 * its file are read from the two routes under it.
 */
@ApiTags('booking')
@Controller('booking/request/counters-business-export')
export class BusinessExportsController {
  constructor(private readonly exports: BusinessExportsService) {}

  @Get()
  @Roles(UserType.Business)
  @RateLimit('export')
  @ApiOperation({
    summary: "Starts an export of the business's statistics (CSV or PDF), to download or also to email to the account's own address; answers its filename and progress.",
    description: `A job makes the file; read its progress at GET /booking/request/counters-business-export/{id}. 1400 for a wrong export, send or tz; 1429 when ${MAX_ACTIVE_EXPORTS} exports are already queued or running.`,
  })
  @ApiOkEnvelope(BusinessExportPayload)
  create(@CurrentAccount() account: AuthenticatedAccount, @Query() query: BusinessExportQuery): Promise<BusinessExportPayload> {
    return this.exports.create(account.id, query);
  }

  @Get(':id')
  @Roles(UserType.Business)
  @ApiOperation({ summary: "One of the business's exports: status, progress, whether it was emailed, and its download path once done; 1404 for another's." })
  @ApiOkEnvelope(BusinessExportPayload)
  view(@CurrentAccount() account: AuthenticatedAccount, @Param('id') id: string): Promise<BusinessExportPayload> {
    return this.exports.view(account.id, id);
  }

  @Get(':id/file')
  @Roles(UserType.Business)
  @ApiOperation({ summary: "The export's file (text/csv or application/pdf) as an attachment; 1404 for another's, and before it is done." })
  @ApiProduces('text/csv', 'application/pdf')
  @ApiResponse({ status: 200, description: 'The file, with Content-Disposition: attachment and its filename.' })
  async file(@CurrentAccount() account: AuthenticatedAccount, @Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.exports.file(account.id, id);
    await reply
      .header('Content-Type', file.contentType)
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename="${file.filename}"`)
      .send(file.content);
  }
}
