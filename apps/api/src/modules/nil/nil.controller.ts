import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { Clock } from '../../common/time/clock';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { Transactions } from '../../database/transactions';
import { NilDisclosureListPayload, NilDisclosurePayload, NilReportedInput } from './dto/nil.dto';
import { nilAthletesOf } from './nil-deals.query';
import { NilDisclosuresService } from './nil-disclosures.service';
import { renderNilPacket } from './nil-packet';
import { nilDisclosureView, nilPacketSource } from './nil-views';

/** The athlete's NIL deals (issue 23): the list with the report-by countdowns, a deal's packet, and marking one reported. */
@ApiTags('nil')
@Controller('athlete/nil-disclosures')
export class NilController {
  constructor(
    private readonly disclosures: NilDisclosuresService,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  @Get()
  @Roles(UserType.Athlete)
  @ApiOperation({ summary: "The athlete's NIL deals (one per accepted request, campaign shares included), newest agreed first; flagged ones carry their report-by date." })
  @ApiOkEnvelope(NilDisclosureListPayload)
  async list(@CurrentAccount() account: AuthenticatedAccount): Promise<NilDisclosureListPayload> {
    const now = this.clock.now();
    return { disclosures: (await this.disclosures.listOf(account.id)).map((row) => nilDisclosureView(row, now)) };
  }

  @Get(':id/packet')
  @Roles(UserType.Athlete)
  @RateLimit('export')
  @ApiOperation({ summary: "A deal's disclosure packet (PDF) laid out to copy into NIL Go; 1404 for another athlete's deal." })
  @ApiProduces('application/pdf')
  @ApiResponse({ status: 200, description: 'application/pdf, as an attachment named packet_filename.' })
  async packet(@CurrentAccount() account: AuthenticatedAccount, @Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const row = await this.disclosures.ownOf(account.id, id);
    const now = this.clock.now();
    const view = nilDisclosureView(row, now);
    const athlete = (await nilAthletesOf(this.transactions.manager, [account.id])).get(account.id);
    const pdf = await renderNilPacket({ ...nilPacketSource(view, athlete?.name ?? ''), business_days_left: view.business_days_left, reported_on: view.reported_on }, now);
    await reply
      .header('Content-Type', 'application/pdf')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename="${view.packet_filename}"`)
      .send(pdf);
  }

  @Post(':id/reported')
  @HttpCode(HttpStatus.OK)
  @Roles(UserType.Athlete)
  @ApiOperation({
    summary: 'Marks a flagged deal reported to NIL Go on reported_on, with NIL Go status when given (sent again, it replaces both).',
    description: '1400 when reported_on is not a date, is before the day the deal was agreed (New York) or after today; 1409 for a deal that is not flagged; 1404 for another athlete\'s deal.',
  })
  @ApiOkEnvelope(NilDisclosurePayload)
  async reported(@CurrentAccount() account: AuthenticatedAccount, @Param('id') id: string, @Body() body: NilReportedInput): Promise<NilDisclosurePayload> {
    const row = await this.disclosures.markReported(account.id, id, body.reported_on, body.nil_go_status ?? null);
    return { disclosure: nilDisclosureView(row, this.clock.now()) };
  }
}
