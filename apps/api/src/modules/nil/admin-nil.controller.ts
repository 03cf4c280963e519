import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { Clock } from '../../common/time/clock';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { NilExports } from './nil-exports';

/** The administrator's export of every flagged NIL deal with its reported state (issue 23). */
@ApiTags('admin')
@Controller('admin/nil-disclosures')
export class AdminNilController {
  constructor(
    private readonly exports: NilExports,
    private readonly clock: Clock,
  ) {}

  @Get('flagged-export')
  @Roles(UserType.Admin)
  @RateLimit('export')
  @ApiOperation({ summary: 'Every flagged NIL deal (athlete, payor, service, amounts, dates, reported state, overdue) as CSV; the export is audited.' })
  @ApiProduces('text/csv')
  @ApiResponse({ status: 200, description: 'text/csv, as an attachment huddle-nil-flagged-YYYY-MM-DD.csv.' })
  async flaggedExport(@CurrentAccount() account: AuthenticatedAccount, @Res() reply: FastifyReply): Promise<void> {
    const { csv, filename } = await this.exports.flaggedCsv(account.id, this.clock.now());
    await reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .send(csv);
  }
}
