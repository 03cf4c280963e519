import { Injectable, Logger } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { JobsService } from '../jobs/jobs.service';
import { MediaService } from './media.service';

export const DELETE_UNUSED_UPLOADS = 'media.delete-unused-uploads';

/**
 * Once a day (03:41 UTC, away from the other daily jobs), deletes uploads nobody kept: a photo or
 * video uploaded and then abandoned in a form. A schedule of the job queue, so it runs once per day
 * however many API processes there are, and again after a crash.
 */
@Injectable()
export class UnusedUploadsCleaner implements OnModuleInit {
  private readonly logger = new Logger('Media');

  constructor(
    private readonly jobs: JobsService,
    private readonly media: MediaService,
  ) {}

  onModuleInit(): void {
    // Deleting what nobody references is harmless to repeat, so a retried run needs no once().
    this.jobs.register(DELETE_UNUSED_UPLOADS, async () => {
      const deleted = await this.media.deleteUnreferencedUploads();
      if (deleted > 0) this.logger.log(`Deleted ${deleted} unused upload(s)`);
    });
    this.jobs.schedule(DELETE_UNUSED_UPLOADS, '41 3 * * *');
  }
}
