import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Injectable, Logger } from '@nestjs/common';
import type { OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, QueryFailedError, Repository } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { LIMITS, photoVariantPaths } from '@huddle/domain';
import type { PhotoVariant, SniffedImage } from '@huddle/domain';
import { Clock } from '../../common/time/clock';
import { AppConfig } from '../../config/app-config';
import { Transactions } from '../../database/transactions';
import { DomainError } from '../../common/errors/domain-error';
import { MediaObjectEntity } from './entities/media-object.entity';
import type { MediaKind } from './entities/media-object.entity';
import { MediaErrors } from './media.errors';
import { MEDIA_ROUTE, mediaKeyOf, mediaPathOf, newMediaKey, newRestrictedVideoKey, photoVariantOf } from './media-path';
import { deleteUnreferencedMediaSql, MEDIA_PATH_PREFIX } from './media-references.query';
import { ImageTooManyPixelsError, processImage, UnreadableImageError } from './processing/image-processor';
import { HeicDecoderBusyError, HeicDecoderFailedError } from './processing/heic-decoder';
import type { ImageTarget, ProcessedImage } from './processing/image-processor';
import { encodePhotoVariant, variantsOfPhoto } from './processing/photo-variants';
import { inspectVideo } from './processing/video-inspector';
import { renderWatermarked, stopRenders, watermarkImage } from './processing/video-watermark';
import { MediaUrlSigner } from './signed-media-url';
import type { MediaUrlSignature } from './signed-media-url';
import { MediaStorage } from './storage/media-storage';
import type { MediaDelivery } from './storage/media-storage';
import { IMAGE_FIELDS } from './uploads/staged-upload';
import type { StagedUpload } from './uploads/staged-upload';
import { HEIC_CONTENT_TYPE } from './uploads/upload-rules';

/** Spec §9's crops: the square profile photo at most 1024 wide, the dashboard photo exactly 320x440. */
const PROFILE_PHOTO: ImageTarget = { width: LIMITS.crop.profile.width, height: LIMITS.crop.profile.height, fit: 'square' };
const DASHBOARD_PHOTO: ImageTarget = { width: LIMITS.crop.dashboard.width, height: LIMITS.crop.dashboard.height, fit: 'exact' };
const CONVERTED_PHOTO: ImageTarget = { width: LIMITS.convertedImage.maxSide, height: LIMITS.convertedImage.maxSide, fit: 'whole' };

// Rows deleted per statement by the cleanup, so one run never holds a long lock on media_objects.
const CLEANUP_BATCH = 500;
const HOUR_MS = 3_600_000;

const VIDEO_EXTENSIONS: Record<string, string> = { 'video/mp4': 'mp4', 'video/quicktime': 'mov' };
// What a stored photo's key ends with (processImage's extensions; the demo seed's JPEGs).
const PHOTO_EXTENSIONS: ReadonlyArray<ProcessedImage['extension']> = ['jpg', 'png'];
// Serialises the making of one WebP copy across API processes (a transaction-level advisory lock).
const VARIANT_LOCK_PREFIX = 'huddle:media-variant:';
// PostgreSQL's foreign_key_violation: the photo a copy was being made from has just been deleted.
const FOREIGN_KEY_VIOLATION = '23503';

function sniffedImageOf(upload: StagedUpload): SniffedImage {
  if (upload.mimetype === HEIC_CONTENT_TYPE) return 'heic';
  return upload.mimetype === 'image/png' ? 'png' : 'jpeg';
}

export interface StoredPhotos {
  path: string;
  second_path?: string;
}

/** A HEIC photo converted to JPEG for the cropper, sent back and never stored. */
export interface ConvertedPhoto {
  content_type: 'image/jpeg';
  width: number;
  height: number;
  data_base64: string;
}

export interface StoredIntro {
  path: string;
  duration: number;
}

/**
 * Database work that must commit together with an upload's media rows, and only with them (the
 * administrator's audit row of an upload made for a user): it runs in the rows' transaction, so a
 * failure of either keeps neither, and the files just stored are removed with them.
 */
export type WithStoredUpload<T> = (manager: EntityManager, stored: T) => Promise<void>;

export interface MediaToServe {
  delivery: MediaDelivery;
  contentType: string;
  /**
   * Null for public media, which a browser or CDN may keep for good (keys are never reused); for a
   * restricted object, the seconds its signed URL has left, for which only the browser may keep it.
   */
  privateForSeconds: number | null;
}

interface PreparedImage {
  image: ProcessedImage;
  key: string;
}

/** A photo or one of its WebP copies, encoded and about to be stored. */
interface ImageToStore {
  key: string;
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
  variantOf: string | null;
}

@Injectable()
export class MediaService implements OnModuleDestroy {
  private readonly logger = new Logger('Media');
  /** Copies being made on demand in this process, by key: concurrent requests share one encoding. */
  private readonly variantsInProgress = new Map<string, Promise<MediaObjectEntity | null>>();
  private readonly signer: MediaUrlSigner;

  constructor(
    @InjectRepository(MediaObjectEntity) private readonly objects: Repository<MediaObjectEntity>,
    private readonly storage: MediaStorage,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly transactions: Transactions,
  ) {
    this.signer = new MediaUrlSigner(config.AUTH_SECRET);
  }

  /**
   * Deletes uploads that no account references (see MEDIA_REFERENCES) once they are older than
   * UNUSED_UPLOAD_GRACE_HOURS: their rows, then their stored files. Uploads wait unreferenced
   * between the upload and the form that saves them; the grace period covers that. Meant to run
   * once a day from the job scheduler; safe to run from several processes at once (each row is
   * deleted once, and only the process that deleted it removes the file). A file that cannot be
   * removed is logged and left: nothing points at it any more. A photo's WebP copies go with it.
   * Answers how many uploads were deleted (copies not counted).
   */
  async deleteUnreferencedUploads(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.config.UNUSED_UPLOAD_GRACE_HOURS * HOUR_MS);
    let deleted = 0;
    for (;;) {
      const [rows]: [Array<{ key: string; variant_of: string | null }>, number] = await this.objects.query(deleteUnreferencedMediaSql(), [
        before,
        MEDIA_PATH_PREFIX,
        CLEANUP_BATCH,
      ]);
      for (const { key } of rows) {
        await this.storage.delete(key).catch((error: unknown) => {
          this.logger.warn(`Could not remove unused media ${key} from ${this.storage.description}: ${error instanceof Error ? error.message : String(error)}`);
        });
      }
      const uploads = rows.filter((row) => row.variant_of === null).length;
      deleted += uploads;
      if (uploads < CLEANUP_BATCH) break;
    }
    if (deleted > 0) this.logger.log(`Deleted ${deleted} unused uploads older than ${this.config.UNUSED_UPLOAD_GRACE_HOURS} h`);
    return deleted;
  }

  /**
   * Refuses (1400) a media path that the account did not upload, that does not exist, or that
   * holds another kind of media. `field` names the request field in the error's details. A photo's
   * WebP copy is refused too: profiles hold the photo, browsers derive the copies from it, and the
   * cleanup keeps copies only as long as their photo. A delivered request video is refused too: a
   * profile is public, and the delivery is the requester's to watch.
   */
  async assertOwned(accountId: string, path: string, kind: MediaKind, field?: string): Promise<void> {
    const key = mediaKeyOf(path);
    // Read through the caller's transaction when there is one (a profile's update checks its media in it).
    const object = key ? await this.transactions.manager.getRepository(MediaObjectEntity).findOneBy({ key }) : null;
    if (!object || object.ownerAccountId !== accountId || object.variantOf !== null || object.restricted) throw MediaErrors.notOwned(kind, field);
    if (object.kind !== kind) throw MediaErrors.wrongKind(kind, field);
  }

  /**
   * Re-encodes and stores the profile photo (square, at most 1024x1024) and, when sent, the
   * athlete's dashboard photo (320x440), each with its WebP copies. All are stored or none is,
   * and `alongside` commits with them.
   */
  async storePhotos(accountId: string, photo: StagedUpload | undefined, secondPhoto: StagedUpload | undefined, alongside?: WithStoredUpload<StoredPhotos>): Promise<StoredPhotos> {
    try {
      if (!photo) throw MediaErrors.photoRequired(IMAGE_FIELDS.photo);
      const prepared = [await this.prepareImage(photo, PROFILE_PHOTO)];
      if (secondPhoto) prepared.push(await this.prepareImage(secondPhoto, DASHBOARD_PHOTO));

      const images = await Promise.all(
        prepared.map(({ key, image }) => this.withVariants({ key, data: image.data, contentType: image.contentType, width: image.width, height: image.height })),
      );
      const [profile, dashboard] = prepared;
      const stored: StoredPhotos = dashboard ? { path: mediaPathOf(profile.key), second_path: mediaPathOf(dashboard.key) } : { path: mediaPathOf(profile.key) };
      await this.storeImages(accountId, images.flat(), this.objects, alongside && ((manager) => alongside(manager, stored)));
      return stored;
    } finally {
      await discard(photo, secondPhoto);
    }
  }

  /**
   * A HEIC photo as JPEG (spec §5: HEIC images are converted to JPEG) for a browser that cannot
   * open HEIC (Chromium, Firefox) and so cannot crop it: the whole picture, turned upright, its
   * metadata dropped and its longer side at most LIMITS.convertedImage.maxSide. Nothing is stored;
   * the crops are uploaded afterwards as any photo. Judged by content: only HEIC is converted.
   */
  async convertPhoto(photo: StagedUpload | undefined): Promise<ConvertedPhoto> {
    try {
      if (!photo) throw MediaErrors.photoRequired(IMAGE_FIELDS.photo);
      if (sniffedImageOf(photo) !== 'heic') throw MediaErrors.imageWrongType(photo.fieldname);
      const image = await this.processUpload(photo, CONVERTED_PHOTO);
      return { content_type: 'image/jpeg', width: image.width, height: image.height, data_base64: image.data.toString('base64') };
    } finally {
      await discard(photo);
    }
  }

  /**
   * Stores photos the server drew itself (the demo seed's portraits): already encoded JPEGs of
   * the two crop sizes, so they skip re-encoding and are served like any upload, WebP copies included.
   */
  async storeGeneratedPhotos(accountId: string, profileJpeg: Buffer, dashboardJpeg: Buffer): Promise<Required<StoredPhotos>> {
    const photos = [
      { data: profileJpeg, target: PROFILE_PHOTO, key: newMediaKey('image', randomUUID(), 'jpg') },
      { data: dashboardJpeg, target: DASHBOARD_PHOTO, key: newMediaKey('image', randomUUID(), 'jpg') },
    ];
    const images = await Promise.all(
      photos.map(({ key, data, target }) => this.withVariants({ key, data, contentType: 'image/jpeg', width: target.width, height: target.height })),
    );
    await this.storeImages(accountId, images.flat());
    return { path: mediaPathOf(photos[0].key), second_path: mediaPathOf(photos[1].key) };
  }

  /**
   * Stores a small MP4 the server ships (the demo seed's intro video) as a video of `accountId`,
   * read from its own metadata like an upload; the source file is left in place.
   */
  async storeGeneratedIntro(accountId: string, sourcePath: string): Promise<StoredIntro> {
    const facts = await inspectVideo(sourcePath);
    if (!facts) throw new Error(`${sourcePath} is not an MP4 video`);
    const data = await readFile(sourcePath);
    const key = newMediaKey('video', randomUUID(), 'mp4');
    await this.storeAll(
      [{ key, write: () => this.storage.putBuffer(key, data, 'video/mp4') }],
      [
        this.objects.create({
          key,
          ownerAccountId: accountId,
          kind: 'video',
          contentType: 'video/mp4',
          sizeBytes: data.length,
          durationSeconds: facts.durationSeconds,
          width: facts.width,
          height: facts.height,
        }),
      ],
    );
    return { path: mediaPathOf(key), duration: facts.durationSeconds };
  }

  /** Checks the intro video's duration (from its own metadata) and stores it as uploaded; `alongside` commits with it. */
  async storeIntro(accountId: string, video: StagedUpload | undefined, alongside?: WithStoredUpload<StoredIntro>): Promise<StoredIntro> {
    return this.storeVideo(accountId, video, this.config.VIDEO_MAX_SECONDS, false, alongside);
  }

  /**
   * Stores an athlete's delivery video (a shoutout or an endorsement): checked by content like the
   * intro, as large as VIDEO_MAX_MB allows, and with no duration limit of its own (spec §5).
   * Restricted: served only through signedUrl.
   */
  async storeDeliveryVideo(accountId: string, video: StagedUpload | undefined): Promise<StoredIntro> {
    return this.storeVideo(accountId, video, LIMITS.deliveryVideo.maxSeconds, true);
  }

  private async storeVideo(
    accountId: string,
    video: StagedUpload | undefined,
    maxSeconds: number,
    restricted: boolean,
    alongside?: WithStoredUpload<StoredIntro>,
  ): Promise<StoredIntro> {
    try {
      if (!video) throw MediaErrors.videoRequired();
      const facts = await inspectVideo(video.path);
      if (!facts) throw MediaErrors.videoWrongType();
      if (facts.durationSeconds > maxSeconds) throw MediaErrors.videoTooLong(maxSeconds);

      const extension = VIDEO_EXTENSIONS[video.mimetype] ?? 'mp4';
      const key = restricted ? newRestrictedVideoKey(randomUUID(), extension) : newMediaKey('video', randomUUID(), extension);
      const stored: StoredIntro = { path: mediaPathOf(key), duration: facts.durationSeconds };
      await this.storeAll(
        [{ key, write: () => this.storage.putFile(key, video.path, video.mimetype) }],
        [
          this.objects.create({
            key,
            ownerAccountId: accountId,
            kind: 'video',
            contentType: video.mimetype,
            sizeBytes: video.size,
            durationSeconds: facts.durationSeconds,
            width: facts.width,
            height: facts.height,
            restricted,
          }),
        ],
        this.objects,
        alongside && ((manager) => alongside(manager, stored)),
      );
      return stored;
    } finally {
      await discard(video);
    }
  }

  /**
   * A watermarked copy of a stored video (a delivery the requester may preview before approving),
   * stored as a restricted media object of the original's owner (served only through signedUrl:
   * who may watch it is the request's business); answers its media path.
   */
  async renderWatermarked(originalPath: string): Promise<{ path: string }> {
    const key = mediaKeyOf(originalPath);
    const original = key ? await this.objects.findOneBy({ key }) : null;
    if (!key || !original) throw MediaErrors.notFound();
    const scratch = join(this.config.DATA_DIR, 'tmp');
    await mkdir(scratch, { recursive: true });
    const directory = await mkdtemp(join(scratch, 'watermark-'));
    try {
      const input = join(directory, 'original');
      const output = join(directory, 'watermarked.mp4');
      await pipeline(await this.storage.read(key), createWriteStream(input));
      const source = await inspectVideo(input);
      await renderWatermarked(input, output, await watermarkImage(directory), source?.width ?? original.width ?? 640);
      const facts = await inspectVideo(output);
      if (!facts) throw new Error(`The watermarked copy of ${key} is not a readable MP4`);
      const copyKey = newRestrictedVideoKey(randomUUID(), 'mp4');
      const data = await readFile(output);
      await this.storeAll(
        [{ key: copyKey, write: () => this.storage.putBuffer(copyKey, data, 'video/mp4') }],
        [
          this.objects.create({
            key: copyKey,
            ownerAccountId: original.ownerAccountId,
            kind: 'video',
            contentType: 'video/mp4',
            sizeBytes: data.length,
            durationSeconds: facts.durationSeconds,
            width: facts.width,
            height: facts.height,
            restricted: true,
          }),
        ],
      );
      return { path: mediaPathOf(copyKey) };
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  onModuleDestroy(): void {
    stopRenders();
  }

  /** Deletes a staged upload a route refused before storing it. */
  async discardUpload(upload: StagedUpload | undefined): Promise<void> {
    await discard(upload);
  }

  /**
   * A URL of a stored object, relative to the API root ('media/<key>?expires=...&signature=...'),
   * that answers for MEDIA_SIGNED_URL_SECONDS from now: where the routes that check who may watch
   * a restricted video (a delivery, its watermarked copy) send the browser. A <video> cannot send
   * the x-access-token header, and the URL, once out, cannot be taken back: so it expires soon.
   */
  signedUrl(path: string): string {
    const key = mediaKeyOf(path);
    if (!key) throw MediaErrors.notFound();
    const expires = Math.floor(this.clock.now().getTime() / 1000) + this.config.MEDIA_SIGNED_URL_SECONDS;
    return `${MEDIA_ROUTE}/${key}?expires=${expires}&signature=${this.signer.sign(key, expires)}`;
  }

  /**
   * How to hand a stored object to a browser; 1404 for anything not uploaded here. A photo's WebP
   * copy that is not stored yet (photos stored before copies existed) is made now, once. A
   * restricted object answers only a valid signed URL (signedUrl) and reads as missing at its bare
   * path; a signature that was altered or has expired is refused (1403) whatever it names.
   */
  async deliver(key: string, signature: MediaUrlSignature = {}): Promise<MediaToServe> {
    const signed = signature.expires !== undefined || signature.signature !== undefined ? this.checkSignature(key, signature) : null;
    const object = mediaKeyOf(key) === key ? ((await this.objects.findOneBy({ key })) ?? (await this.variantOnDemand(key))) : null;
    if (!object || (object.restricted && signed === null)) throw MediaErrors.notFound();
    const privateForSeconds = object.restricted ? signed : null;
    try {
      const delivery = await this.storage.delivery(object.key, object.contentType, privateForSeconds ?? undefined);
      return { delivery, contentType: object.contentType, privateForSeconds };
    } catch (error) {
      throw this.storageFailure('deliver', error);
    }
  }

  /** The seconds a signed URL has left; 1403 when its signature does not hold or it has expired. */
  private checkSignature(key: string, signature: MediaUrlSignature): number {
    const check = this.signer.check(key, signature, Math.floor(this.clock.now().getTime() / 1000));
    if (!check.valid) throw check.reason === 'expired' ? MediaErrors.signedUrlExpired() : MediaErrors.signedUrlInvalid();
    return check.secondsLeft;
  }

  /**
   * The copy a missing key names (@huddle/domain PHOTO_VARIANTS), when its photo is stored: made
   * and recorded now, or, for the small copy of a photo no wider than it, the same-size copy. Null
   * when the key names no copy of a stored photo.
   */
  private async variantOnDemand(key: string): Promise<MediaObjectEntity | null> {
    const wanted = photoVariantOf(key);
    if (!wanted) return null;
    const photo = await this.objects.findOneBy({
      key: In(PHOTO_EXTENSIONS.map((extension) => `${wanted.base}.${extension}`)),
      kind: 'image',
      variantOf: IsNull(),
    });
    if (!photo) return null;
    const variant = variantsOfPhoto(photo.width ?? 0).includes(wanted.variant) ? wanted.variant : 'webp';
    const variantKey = photoVariantPaths(photo.key)?.[variant];
    if (!variantKey) return null;
    if (variantKey !== key) {
      const stored = await this.objects.findOneBy({ key: variantKey });
      if (stored) return stored;
    }
    let making = this.variantsInProgress.get(variantKey);
    if (!making) {
      making = this.makeVariant(photo, variant, variantKey).finally(() => this.variantsInProgress.delete(variantKey));
      this.variantsInProgress.set(variantKey, making);
    }
    return making;
  }

  /**
   * Makes, stores and records one copy of a stored photo. Other API processes asking for the same
   * copy wait on the advisory lock and then find it recorded; if the photo is deleted meanwhile
   * (the cleanup), the row's reference to it fails and the copy is removed again: null.
   */
  private async makeVariant(photo: MediaObjectEntity, variant: PhotoVariant, key: string): Promise<MediaObjectEntity | null> {
    try {
      return await this.objects.manager.transaction(async (manager) => {
        await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${VARIANT_LOCK_PREFIX}${key}`]);
        const objects = manager.getRepository(MediaObjectEntity);
        const stored = await objects.findOneBy({ key });
        if (stored) return stored;
        const original = await this.readWhole(photo.key);
        const encoded = await encodePhotoVariant(original, variant);
        const [row] = await this.storeImages(
          photo.ownerAccountId,
          [{ key, data: encoded.data, contentType: encoded.contentType, width: encoded.width, height: encoded.height, variantOf: photo.key }],
          objects,
        );
        this.logger.log(`Made ${key} from ${photo.key}`);
        return row;
      });
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === FOREIGN_KEY_VIOLATION) return null;
      throw error;
    }
  }

  private async readWhole(key: string): Promise<Buffer> {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.storage.read(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    } catch (error) {
      throw this.storageFailure('read', error);
    }
  }

  /** A photo about to be stored, followed by its WebP copies (variantsOfPhoto). */
  private async withVariants(photo: Omit<ImageToStore, 'variantOf'>): Promise<ImageToStore[]> {
    const variants = await Promise.all(variantsOfPhoto(photo.width).map((variant) => encodePhotoVariant(photo.data, variant)));
    const paths = photoVariantPaths(photo.key);
    if (!paths) throw new Error(`${photo.key} is not the key of a photo`);
    return [
      { ...photo, variantOf: null },
      ...variants.map(({ variant, data, contentType, width, height }) => ({ key: paths[variant], data, contentType, width, height, variantOf: photo.key })),
    ];
  }

  /** Stores and records images of one owner, all or none (storeAll); photos before their copies. */
  private async storeImages(
    ownerAccountId: string,
    images: ImageToStore[],
    objects = this.objects,
    alongside?: (manager: EntityManager) => Promise<void>,
  ): Promise<MediaObjectEntity[]> {
    const rows = images.map(({ key, data, contentType, width, height, variantOf }) =>
      objects.create({ key, ownerAccountId, kind: 'image', contentType, sizeBytes: data.length, durationSeconds: null, width, height, variantOf }),
    );
    await this.storeAll(
      images.map(({ key, data, contentType }) => ({ key, write: () => this.storage.putBuffer(key, data, contentType) })),
      rows,
      objects,
      alongside,
    );
    return rows;
  }

  private async prepareImage(upload: StagedUpload, target: ImageTarget): Promise<PreparedImage> {
    const image = await this.processUpload(upload, target);
    return { image, key: newMediaKey('image', randomUUID(), image.extension) };
  }

  private async processUpload(upload: StagedUpload, target: ImageTarget): Promise<ProcessedImage> {
    try {
      return await processImage(upload.path, sniffedImageOf(upload), target);
    } catch (error) {
      // Right signature, but not an image a decoder can read (truncated, corrupt, hostile).
      if (error instanceof UnreadableImageError) throw MediaErrors.imageWrongType(upload.fieldname);
      if (error instanceof ImageTooManyPixelsError) throw MediaErrors.imageTooManyPixels(upload.fieldname);
      if (error instanceof HeicDecoderBusyError) throw MediaErrors.photoConversionBusy(upload.fieldname);
      if (error instanceof HeicDecoderFailedError) {
        this.logger.error(`HEIC conversion failed: ${error.message}`, (error.cause as Error | undefined)?.stack ?? error.stack);
        throw MediaErrors.photoConversionFailed(upload.fieldname);
      }
      throw error;
    }
  }

  /**
   * Writes the objects, then records them (in one transaction with `alongside`, when given). A
   * failure part way removes what was written, so no file is left without its row (nobody could
   * claim it) and no row points at a missing file. Files cannot join a transaction: they are
   * written first and removed again when the rows (or `alongside`) do not commit.
   */
  private async storeAll(
    writes: Array<{ key: string; write: () => Promise<void> }>,
    rows: MediaObjectEntity[],
    objects = this.objects,
    alongside?: (manager: EntityManager) => Promise<void>,
  ): Promise<void> {
    const written: string[] = [];
    try {
      for (const { key, write } of writes) {
        await write().catch((error: unknown) => {
          throw this.storageFailure('store', error);
        });
        written.push(key);
      }
      if (alongside) {
        await this.transactions.run(async () => {
          const manager = this.transactions.manager;
          await manager.getRepository(MediaObjectEntity).save(rows);
          await alongside(manager);
        });
      } else {
        await objects.save(rows);
      }
    } catch (error) {
      await Promise.all(written.map((key) => this.storage.delete(key).catch(() => undefined)));
      throw error;
    }
  }

  private storageFailure(action: string, error: unknown): DomainError {
    this.logger.error(`Could not ${action} media in ${this.storage.description}`, error instanceof Error ? error.stack : String(error));
    return MediaErrors.storageUnavailable();
  }
}

async function discard(...uploads: Array<StagedUpload | undefined>): Promise<void> {
  await Promise.all(uploads.map((upload) => (upload ? rm(upload.path, { force: true }) : undefined)));
}
