import { join } from 'node:path';
import { BYTES_PER_MEGABYTE, sniffImage, sniffVideo, VIDEO_CONTENT_TYPES } from '@huddle/domain';
import { MediaErrors } from '../media.errors';
import { IMAGE_FIELDS, VIDEO_FIELD } from './staged-upload';
import { StagingStorage } from './staging-storage';
import type { UploadFieldRule } from './staging-storage';

export const HEIC_CONTENT_TYPE = 'image/heic';
const IMAGE_CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', heic: HEIC_CONTENT_TYPE } as const;

/** The configuration values uploads depend on (AppConfig's MAX_IMAGE_MB, VIDEO_MAX_MB, DATA_DIR). */
export interface UploadLimits {
  dataDir: string;
  maxImageMegabytes: number;
  maxVideoMegabytes: number;
  /** HTTP_IDLE_TIMEOUT_SECONDS in ms: each such window of a form must bring UPLOAD_MIN_BYTES_PER_WINDOW (see upload-pace). */
  paceWindowMs: number;
}

function imageRule(limits: UploadLimits, field: string): UploadFieldRule {
  return {
    maxBytes: limits.maxImageMegabytes * BYTES_PER_MEGABYTE,
    sniff: (head) => {
      const type = sniffImage(head);
      return type ? IMAGE_CONTENT_TYPES[type] : null;
    },
    wrongType: () => MediaErrors.imageWrongType(field),
    tooLarge: () => MediaErrors.imageTooLarge(limits.maxImageMegabytes, field),
  };
}

function videoRule(limits: UploadLimits): UploadFieldRule {
  return {
    maxBytes: limits.maxVideoMegabytes * BYTES_PER_MEGABYTE,
    sniff: (head) => {
      const type = sniffVideo(head);
      return type ? VIDEO_CONTENT_TYPES[type] : null;
    },
    wrongType: () => MediaErrors.videoWrongType(),
    tooLarge: () => MediaErrors.videoTooLarge(limits.maxVideoMegabytes),
  };
}

/** Where uploads wait while they are checked: under DATA_DIR, so moving them into disk media is a local copy. */
function stagingDirectory(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** Every upload route's staging: content and size rules per form field, under DATA_DIR. */
export function createStagingStorage(limits: UploadLimits): StagingStorage {
  return new StagingStorage(stagingDirectory(limits.dataDir), {
    [IMAGE_FIELDS.photo]: imageRule(limits, IMAGE_FIELDS.photo),
    [IMAGE_FIELDS.secondPhoto]: imageRule(limits, IMAGE_FIELDS.secondPhoto),
    [VIDEO_FIELD]: videoRule(limits),
  }, limits.paceWindowMs);
}

/**
 * Bounds on the form around the files, so a request cannot smuggle in unbounded fields or parts.
 * The files' own sizes are enforced by the staging storage, with the media's own messages.
 */
export const UPLOAD_FORM_LIMITS = { files: 2, fields: 10, fieldSize: 16 * 1024, parts: 12, headerPairs: 100 } as const;
