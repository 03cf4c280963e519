import { Injectable, Logger } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { BYTES_PER_MEGABYTE, RequestStatus } from '@huddle/domain';
import { AppConfig } from '../../config/app-config';
import type { VideoDeliveryType } from '@huddle/domain';
import { Transactions } from '../../database/transactions';
import { JobsService } from '../jobs/jobs.service';
import { MediaService } from '../media/media.service';
import type { StagedUpload } from '../media/media.module';
import { BookingErrors } from './booking.errors';
import { RequestEntity } from './entities/request.entity';
import { RequestCoreService } from './request-core.service';
import { partyOf } from './request-party';
import type { RequestActor } from './request-party';

export const RENDER_WATERMARK = 'booking.render-watermark';

/**
 * The delivered videos of shoutouts and endorsements (spec §6): the athlete uploads the original;
 * a watermarked copy is rendered by a job (ffmpeg, in the media module) and is all the requester
 * receives until the request is finished and reviewed. Athletes and administrators see the
 * original. The paths live in the request's details (video, watermarked_video); both are listed in
 * media-references.query.ts so the unused-uploads cleaner keeps them.
 */
@Injectable()
export class RequestVideos implements OnModuleInit {
  private readonly logger = new Logger('Booking');

  constructor(
    private readonly transactions: Transactions,
    private readonly core: RequestCoreService,
    private readonly media: MediaService,
    private readonly jobs: JobsService,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ requestId: string; video: string }>(RENDER_WATERMARK, (job) => this.renderWatermark(job.data.requestId, job.data.video));
  }

  /** The athlete's delivery: stored (checked by content), then the request moves to pending review. */
  async deliver(type: VideoDeliveryType, requestId: string, actor: RequestActor & { id: string }, video: StagedUpload | undefined): Promise<RequestEntity> {
    const current = await this.transactions.manager.findOneBy(RequestEntity, { id: requestId });
    // Another athlete's request, or one of the other video type: as if missing.
    if (!current || current.type !== type || partyOf(current, actor) !== 'athlete') {
      await this.media.discardUpload(video);
      throw BookingErrors.requestNotFound();
    }
    if (video && video.size > this.config.DELIVERY_VIDEO_MAX_MB * BYTES_PER_MEGABYTE) {
      await this.media.discardUpload(video);
      throw BookingErrors.videoTooLarge(this.config.DELIVERY_VIDEO_MAX_MB);
    }
    const stored = await this.media.storeDeliveryVideo(actor.id, video);
    return this.core.apply(requestId, 'deliver', actor, {
      effect: async (request, manager) => {
        request.details = { ...request.details, video: stored.path, watermarked_video: null };
        await this.jobs.enqueueIn(manager, RENDER_WATERMARK, { requestId, video: stored.path }, { singletonKey: `watermark:${requestId}` });
      },
    });
  }

  /** A trusted delivery of a video already stored (the demo seed's), through the same core action. */
  async deliverStored(requestId: string, actor: RequestActor & { id: string }, path: string): Promise<RequestEntity> {
    return this.core.apply(requestId, 'deliver', actor, {
      effect: async (request, manager) => {
        request.details = { ...request.details, video: path, watermarked_video: null };
        await this.jobs.enqueueIn(manager, RENDER_WATERMARK, { requestId, video: path }, { singletonKey: `watermark:${requestId}` });
      },
    });
  }

  async discard(video: StagedUpload | undefined): Promise<void> {
    await this.media.discardUpload(video);
  }

  /**
   * A short-lived signed URL (relative to the API root) of the request's video as this viewer may
   * see it: the watermarked copy for the requester until the request is finished and reviewed, the
   * original otherwise. Both are restricted media, so this check is the only way to them.
   */
  async videoUrlFor(requestId: string, actor: RequestActor): Promise<string> {
    return this.media.signedUrl(await this.videoFor(requestId, actor));
  }

  /** The media path this viewer may receive for the request's video. */
  private async videoFor(requestId: string, actor: RequestActor): Promise<string> {
    const request = await this.transactions.manager.findOneBy(RequestEntity, { id: requestId });
    const party = request ? partyOf(request, actor) : null;
    if (!request || !party) throw BookingErrors.requestNotFound();
    const original = typeof request.details.video === 'string' ? request.details.video : null;
    if (!original) throw BookingErrors.noVideo();
    if (party !== 'requester' || (request.status === RequestStatus.Finished && request.reviewed)) return original;
    const watermarked = typeof request.details.watermarked_video === 'string' ? request.details.watermarked_video : null;
    if (!watermarked) throw BookingErrors.videoNotReady();
    return watermarked;
  }

  private async renderWatermark(requestId: string, video: string): Promise<void> {
    const rendered = await this.media.renderWatermarked(video);
    await this.transactions.run(async () => {
      const manager = this.transactions.manager;
      // The athlete may have replaced nothing (a delivery happens once), but a stale job must not
      // attach a copy of another video.
      const [updated]: [unknown[], number] = await manager.query(
        `UPDATE requests SET details = details || jsonb_build_object('watermarked_video', $2::text)
          WHERE id = $1 AND details->>'video' = $3 RETURNING id`,
        [requestId, rendered.path, video],
      );
      if (updated.length === 0) this.logger.warn(`Watermarked copy of ${requestId} no longer matches its video`);
    });
  }
}
