import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { MoneyDeskPayload, ResolvedIncidentPayload, ResolveIncidentInput, RetriedJobPayload, RetryJobInput } from './dto/money-desk.dto';
import { MoneyDeskService } from './money-desk.service';

/** The money desk (/manage/money): administrators only, every change audited. */
@ApiTags('admin')
@Controller('admin/money')
export class MoneyDeskController {
  constructor(private readonly desk: MoneyDeskService) {}

  @Get()
  @Roles(UserType.Admin)
  @ApiOperation({ summary: "Open money incidents, open disputes, dead money jobs, flagged deliveries, the last reconciliation and the ledger's balances." })
  @ApiOkEnvelope(MoneyDeskPayload)
  async show(): Promise<MoneyDeskPayload> {
    return this.desk.desk();
  }

  @Post('incident-resolve')
  @HttpCode(200)
  @Roles(UserType.Admin)
  @ApiOperation({ summary: 'Resolves an open money incident with what was done about it.' })
  @ApiOkEnvelope(ResolvedIncidentPayload)
  async resolve(@CurrentAccount() account: AuthenticatedAccount, @Body() body: ResolveIncidentInput): Promise<ResolvedIncidentPayload> {
    return { incident: await this.desk.resolve(account.id, body.id, body.resolution) };
  }

  @Post('job-retry')
  @HttpCode(200)
  @Roles(UserType.Admin)
  @ApiOperation({ summary: 'Gives a dead money job another try (its handler moves money at most once).' })
  @ApiOkEnvelope(RetriedJobPayload)
  async retry(@CurrentAccount() account: AuthenticatedAccount, @Body() body: RetryJobInput): Promise<RetriedJobPayload> {
    return { retried: await this.desk.retry(account.id, body.id) };
  }
}
