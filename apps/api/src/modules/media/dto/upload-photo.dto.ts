import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LIMITS } from '@huddle/domain';

/** The multipart form of POST /user/upload-photo (documentation only: StagedUploadsInterceptor reads the files). */
export class UploadPhotoBody {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: `The profile photo: jpeg, png or HEIC by content. Stored re-encoded as a square of at most ${LIMITS.crop.profile.width}x${LIMITS.crop.profile.height}.`,
  })
  photo!: unknown;

  @ApiPropertyOptional({
    type: 'string',
    format: 'binary',
    description: `The athlete's dashboard photo, same types. Stored re-encoded at exactly ${LIMITS.crop.dashboard.width}x${LIMITS.crop.dashboard.height}.`,
  })
  second_photo?: unknown;
}

export class UploadPhotoPayload {
  @ApiProperty({ description: 'Path of the stored profile photo, relative to /api/v1; save it in the profile.', example: '/media/images/0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10.jpg' })
  path!: string;

  @ApiPropertyOptional({ description: 'Path of the stored dashboard photo, when second_photo was sent.', example: '/media/images/5d2b8e44-1c0a-4c55-a1f3-7e9c2d3b4a66.jpg' })
  second_path?: string;
}

/** The multipart form of POST /user/convert-photo (documentation only: StagedUploadsInterceptor reads the file). */
export class ConvertPhotoBody {
  @ApiProperty({ type: 'string', format: 'binary', description: 'A HEIC photo (by content), to crop in a browser that cannot open HEIC.' })
  photo!: unknown;
}

export class ConvertedPhotoView {
  @ApiProperty({ enum: ['image/jpeg'] })
  content_type!: 'image/jpeg';

  @ApiProperty({ description: `Width in pixels: the whole picture, upright, its longer side at most ${LIMITS.convertedImage.maxSide}.`, example: 1536 })
  width!: number;

  @ApiProperty({ example: 2048 })
  height!: number;

  @ApiProperty({ description: 'The JPEG, base64-encoded. Nothing is stored: upload the crops with POST /user/upload-photo.' })
  data_base64!: string;
}

export class ConvertPhotoPayload {
  @ApiProperty({ type: ConvertedPhotoView })
  photo!: ConvertedPhotoView;
}
