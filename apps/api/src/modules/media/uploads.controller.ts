import { Controller, HttpCode, HttpStatus, Post, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SIGNED_IN_ROLES } from '@huddle/domain';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { UploadIntroBody, UploadIntroPayload } from './dto/upload-intro.dto';
import { ConvertPhotoBody, ConvertPhotoPayload, UploadPhotoBody, UploadPhotoPayload } from './dto/upload-photo.dto';
import { MediaService } from './media.service';
import { IMAGE_FIELDS, VIDEO_FIELD } from './uploads/staged-upload';
import type { StagedUpload } from './uploads/staged-upload';
import { StagedUploadsInterceptor, UploadedStagedFiles } from './uploads/staged-uploads.interceptor';

type PhotoFiles = Partial<Record<(typeof IMAGE_FIELDS)[keyof typeof IMAGE_FIELDS], StagedUpload[]>>;
type VideoFiles = Partial<Record<typeof VIDEO_FIELD, StagedUpload[]>>;

/**
 * Uploads of profile media (spec §7). The guard runs before the files are read, so anonymous
 * callers, and accounts over their upload rate limit, are refused without receiving anything; StagedUploadsInterceptor streams each file to
 * staging, checked on the way (see StagingStorage), and the service takes it from there.
 */
@ApiTags('media')
@Controller('user')
export class UploadsController {
  constructor(private readonly media: MediaService) {}

  @Post('upload-photo')
  @Roles(...SIGNED_IN_ROLES)
  @RateLimit('upload')
  @UseInterceptors(StagedUploadsInterceptor([{ name: IMAGE_FIELDS.photo, maxCount: 1 }, { name: IMAGE_FIELDS.secondPhoto, maxCount: 1 }]))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadPhotoBody })
  @ApiOperation({
    summary: 'Uploads the profile photo and, for athletes, the dashboard photo.',
    description:
      "1415 'Image must be a jpg, jpeg or png file' when the content is not a jpeg, png or HEIC image; 1413 above MAX_IMAGE_MB; 1503 'Many photos are being converted right now; please try again in a moment' when more HEIC photos wait for this API process's decoder than it takes (one decoded at a time, four waiting).",
  })
  @ApiOkEnvelope(UploadPhotoPayload, 201)
  uploadPhoto(@CurrentAccount() account: AuthenticatedAccount, @UploadedStagedFiles() files: PhotoFiles): Promise<UploadPhotoPayload> {
    return this.media.storePhotos(account.id, files.photo?.[0], files.second_photo?.[0]);
  }

  @Post('convert-photo')
  @HttpCode(HttpStatus.OK)
  @Roles(...SIGNED_IN_ROLES)
  @RateLimit('upload')
  @UseInterceptors(StagedUploadsInterceptor([{ name: IMAGE_FIELDS.photo, maxCount: 1 }]))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: ConvertPhotoBody })
  @ApiOperation({
    summary: 'Converts a HEIC photo to JPEG (spec §5) for the cropper of a browser that cannot open HEIC; stores nothing.',
    description:
      "1415 'Image must be a jpg, jpeg or png file' when the content is not a HEIC image a decoder can read (jpeg and png need no conversion); 1413 above MAX_IMAGE_MB or 50 megapixels; 1400 'Please, choose photo' without one; 1503 'Many photos are being converted right now; please try again in a moment' when more HEIC photos wait for this API process's decoder than it takes (one decoded at a time, four waiting); 1503 'The photo could not be converted right now; please try again' when the decoder itself failed.",
  })
  @ApiOkEnvelope(ConvertPhotoPayload)
  async convertPhoto(@UploadedStagedFiles() files: PhotoFiles): Promise<ConvertPhotoPayload> {
    return { photo: await this.media.convertPhoto(files.photo?.[0]) };
  }

  @Post('upload-intro')
  @Roles(...SIGNED_IN_ROLES)
  @RateLimit('upload')
  @UseInterceptors(StagedUploadsInterceptor([{ name: VIDEO_FIELD, maxCount: 1 }]))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadIntroBody })
  @ApiOperation({
    summary: 'Uploads the intro video.',
    description: '1415 when the content is not mp4 or QuickTime video; 1413 above VIDEO_MAX_MB (checked while receiving); 1400 above VIDEO_MAX_SECONDS.',
  })
  @ApiOkEnvelope(UploadIntroPayload, 201)
  uploadIntro(@CurrentAccount() account: AuthenticatedAccount, @UploadedStagedFiles() files: VideoFiles): Promise<UploadIntroPayload> {
    return this.media.storeIntro(account.id, files.video?.[0]);
  }
}
