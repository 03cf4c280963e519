import { Body, Controller, Get, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { StagedUploadsInterceptor, UploadedFormFields } from '../media/media.module';
import type { FormFields } from '../media/media.module';
import { CampaignsService } from './campaigns.service';
import { CampaignPayload } from './dto/request.dto';
import { CampaignCreateBody, CampaignIdQuery, CampaignLookupQuery } from './dto/request-inputs.dto';

/**
 * Endorsement campaigns (spec §7, issue 12): created by a business as a form, paid through the
 * payment sheet (?endorsement_campaign_id), read and canceled by its business.
 */
@ApiTags('booking')
@Controller('booking/request')
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Post('endorsement_campaign/create')
  @Roles(UserType.Business)
  @RateLimit('booking')
  @UseInterceptors(StagedUploadsInterceptor([]))
  @ApiConsumes('application/x-www-form-urlencoded', 'multipart/form-data', 'application/json')
  @ApiBody({ type: CampaignCreateBody })
  @ApiOperation({
    summary: 'A business invites athletes to one endorsement, each at its own price: an unpaid draft until the payment sheet is paid.',
    description: "1400 with field errors (proposed_amounts.{athlete_id} for a price); 1404 (field athlete_ids) for an athlete who cannot be booked.",
  })
  @ApiOkEnvelope(CampaignPayload, 201)
  async create(@CurrentAccount() account: AuthenticatedAccount, @UploadedFormFields() fields: FormFields, @Body() body: unknown): Promise<CampaignPayload> {
    const form = Object.keys(fields).length > 0 ? fields : body;
    return { campaign: await this.campaigns.create(account.id, form) };
  }

  @Get('campaign')
  @Roles(UserType.Business, UserType.Admin)
  @ApiOperation({ summary: 'A campaign with its athletes (by status priority, newest first) and sums; its business or an administrator, 1404 for anyone else.' })
  @ApiOkEnvelope(CampaignPayload)
  async byId(@CurrentAccount() account: AuthenticatedAccount, @Query() query: CampaignLookupQuery): Promise<CampaignPayload> {
    return { campaign: await this.campaigns.view(query.endorsement_campaign, account) };
  }

  @Put('campaign/cancel')
  @Roles(UserType.Business)
  @ApiOperation({ summary: 'The business cancels its pending campaign: every request canceled, every share refunded. 1409 once an athlete answered.' })
  @ApiOkEnvelope(CampaignPayload)
  async cancel(@CurrentAccount() account: AuthenticatedAccount, @Query() query: CampaignIdQuery): Promise<CampaignPayload> {
    return { campaign: await this.campaigns.cancel(query.campaign_id, account) };
  }
}
