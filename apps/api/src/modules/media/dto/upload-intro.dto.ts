import { ApiProperty } from '@nestjs/swagger';

/** The multipart form of POST /user/upload-intro (documentation only: StagedUploadsInterceptor reads the file). */
export class UploadIntroBody {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'The intro video: mp4 or QuickTime by content, within the configured size (VIDEO_MAX_MB) and duration (VIDEO_MAX_SECONDS).',
  })
  video!: unknown;
}

export class UploadIntroPayload {
  @ApiProperty({ description: 'Path of the stored video, relative to /api/v1; save it in the profile as intro_video.', example: '/media/videos/9f1c2e3d-4b5a-4c6d-8e7f-0a1b2c3d4e5f.mp4' })
  path!: string;

  @ApiProperty({ description: "The video's duration in seconds, read from the file.", example: 12.5 })
  duration!: number;
}
