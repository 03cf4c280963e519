import { Controller, Post, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserType } from '@huddle/domain';
import type { VideoDeliveryType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { StagedUploadsInterceptor, UploadedFormFields, UploadedStagedFiles, VIDEO_FIELD } from '../media/media.module';
import type { FormFields, StagedFiles } from '../media/media.module';
import { BookingErrors } from './booking.errors';
import { BookingRequestsService } from './booking-requests.service';
import { DeliveryUploadBody } from './dto/request-inputs.dto';
import { RequestPayload } from './dto/request.dto';
import { RequestVideos } from './request-videos.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DESCRIPTION = '1415 when the content is not mp4 or QuickTime; 1413 above VIDEO_MAX_MB; no duration limit. 1404 for a request that is not this athlete\'s of this type.';

/** POST /athlete/{type}s (spec §7): the athlete delivers a shoutout's or an endorsement's video. */
@ApiTags('booking')
@Controller('athlete')
export class DeliveryController {
  constructor(
    private readonly videos: RequestVideos,
    private readonly requests: BookingRequestsService,
  ) {}

  @Post('shoutouts')
  @Roles(UserType.Athlete)
  @RateLimit('upload')
  @UseInterceptors(StagedUploadsInterceptor([{ name: VIDEO_FIELD, maxCount: 1 }]))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: DeliveryUploadBody })
  @ApiOperation({ summary: "Delivers an accepted shoutout's video (multipart: request_id, video); the request moves to pending review.", description: DESCRIPTION })
  @ApiOkEnvelope(RequestPayload, 201)
  shoutout(@CurrentAccount() account: AuthenticatedAccount, @UploadedFormFields() fields: FormFields, @UploadedStagedFiles() files: StagedFiles): Promise<RequestPayload> {
    return this.deliver('shoutout', account, fields, files);
  }

  @Post('endorsements')
  @Roles(UserType.Athlete)
  @RateLimit('upload')
  @UseInterceptors(StagedUploadsInterceptor([{ name: VIDEO_FIELD, maxCount: 1 }]))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: DeliveryUploadBody })
  @ApiOperation({ summary: "Delivers an accepted endorsement's video (multipart: request_id, video); the request moves to pending review.", description: DESCRIPTION })
  @ApiOkEnvelope(RequestPayload, 201)
  endorsement(@CurrentAccount() account: AuthenticatedAccount, @UploadedFormFields() fields: FormFields, @UploadedStagedFiles() files: StagedFiles): Promise<RequestPayload> {
    return this.deliver('endorsement', account, fields, files);
  }

  private async deliver(type: VideoDeliveryType, account: AuthenticatedAccount, fields: FormFields, files: StagedFiles): Promise<RequestPayload> {
    const requestId = fields.request_id;
    const video = files[VIDEO_FIELD]?.[0];
    if (typeof requestId !== 'string' || !UUID.test(requestId)) {
      await this.videos.discard(video);
      throw BookingErrors.invalid({ request_id: 'Request not found' });
    }
    const request = await this.videos.deliver(type, requestId, account, video);
    return { request: await this.requests.viewOf(request, account) };
  }
}
