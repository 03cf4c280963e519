import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config';
import { JobsModule } from '../jobs/jobs.module';
import { MediaObjectEntity } from './entities/media-object.entity';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';
import { DiskMediaStorage } from './storage/disk-media-storage';
import { MediaStorage } from './storage/media-storage';
import { S3MediaStorage } from './storage/s3-media-storage';
import { UnusedUploadsCleaner } from './unused-uploads.cleaner';
import { UploadsController } from './uploads.controller';
import { StagingStorage } from './uploads/staging-storage';
import { createStagingStorage } from './uploads/upload-rules';

/** S3 when a bucket is configured, otherwise local disk under DATA_DIR (DESIGN: real adapter, embedded default). */
export function createMediaStorage(config: AppConfig): MediaStorage {
  const storage = config.S3_BUCKET
    ? new S3MediaStorage({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        credentials:
          config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : undefined,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        publicUrl: config.S3_PUBLIC_URL,
      })
    : new DiskMediaStorage(config.mediaDirectory);
  new Logger('Media').log(`Media are stored on ${storage.description}`);
  return storage;
}

@Module({
  imports: [TypeOrmModule.forFeature([MediaObjectEntity]), JobsModule],
  controllers: [UploadsController, MediaController],
  providers: [
    MediaService,
    UnusedUploadsCleaner,
    { provide: MediaStorage, inject: [AppConfig], useFactory: createMediaStorage },
    {
      provide: StagingStorage,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        createStagingStorage({
          dataDir: config.DATA_DIR,
          maxImageMegabytes: config.MAX_IMAGE_MB,
          maxVideoMegabytes: config.VIDEO_MAX_MB,
          paceWindowMs: config.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
        }),
    },
  ],
  // StagingStorage and the upload interceptor serve other modules' upload routes too (delivery videos).
  exports: [MediaService, StagingStorage],
})
export class MediaModule {}

export { StagedUploadsInterceptor, UploadedFormFields, UploadedStagedFiles } from './uploads/staged-uploads.interceptor';
export type { FormFields, StagedFiles } from './uploads/staged-uploads.interceptor';
export { VIDEO_FIELD } from './uploads/staged-upload';
export type { StagedUpload } from './uploads/staged-upload';
