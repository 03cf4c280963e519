import { HttpException } from '@nestjs/common';
import { ErrorCode, imageTooLargeMessage, MESSAGES, videoTooLargeMessage, videoTooLongMessage } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';
import type { MediaKind } from './entities/media-object.entity';

const NOUN: Record<MediaKind, string> = { image: 'photo', video: 'video' };

function withField(code: typeof ErrorCode[keyof typeof ErrorCode], message: string, field?: string): DomainError {
  return new DomainError(code, message, field ? { [field]: message } : undefined);
}

export const MediaErrors = {
  /** A profile names a media path its account did not upload (or that does not exist). */
  notOwned: (kind: MediaKind, field?: string): DomainError =>
    withField(ErrorCode.ValidationFailed, `This ${NOUN[kind]} was not uploaded from your account; please upload it again`, field),
  wrongKind: (expected: MediaKind, field?: string): DomainError =>
    withField(ErrorCode.ValidationFailed, `This file is not a ${NOUN[expected]}; please upload a ${NOUN[expected]}`, field),
  photoRequired: (field = 'photo'): DomainError => withField(ErrorCode.ValidationFailed, MESSAGES.choosePhoto, field),
  imageWrongType: (field: string): DomainError => withField(ErrorCode.UnsupportedMedia, MESSAGES.imageWrongType, field),
  imageTooLarge: (maxMegabytes: number, field: string): DomainError => withField(ErrorCode.PayloadTooLarge, imageTooLargeMessage(maxMegabytes), field),
  /** Past LIMITS.image.maxPixels: the spec's 'exceeding file size' variant of the image message (§5). */
  imageTooManyPixels: (field: string): DomainError => withField(ErrorCode.PayloadTooLarge, MESSAGES.imageUploadFailed(1), field),
  /** A multipart body the parser cannot read (no or wrong boundary, a part cut short). */
  unreadableForm: (): DomainError => new DomainError(ErrorCode.ValidationFailed, 'The upload could not be read; please choose the file again'),
  videoRequired: (): DomainError => withField(ErrorCode.ValidationFailed, MESSAGES.chooseVideo, 'video'),
  videoWrongType: (): DomainError => withField(ErrorCode.UnsupportedMedia, MESSAGES.videoWrongType, 'video'),
  videoTooLarge: (maxMegabytes: number): DomainError => withField(ErrorCode.PayloadTooLarge, videoTooLargeMessage(maxMegabytes), 'video'),
  videoTooLong: (maxSeconds: number): DomainError => withField(ErrorCode.ValidationFailed, videoTooLongMessage(maxSeconds), 'video'),
  notFound: (): DomainError => new DomainError(ErrorCode.NotFound, 'This file does not exist'),
  /** A signed media URL whose signature does not match its key and expiry (altered, or made elsewhere). */
  signedUrlInvalid: (): DomainError => new DomainError(ErrorCode.Forbidden, 'This video link is not valid'),
  /** A signed media URL past its expiry: the page that handed it out gives a fresh one. */
  signedUrlExpired: (): DomainError => new DomainError(ErrorCode.Forbidden, 'This video link has expired; please reload the page'),
  storageUnavailable: (): DomainError => new DomainError(ErrorCode.ServiceUnavailable, 'Media storage is not answering, please try again'),
  /** More HEIC photos wait for this process's decoder than it takes (HEIC_DECODER_DEFAULTS). */
  photoConversionBusy: (field: string): DomainError =>
    withField(ErrorCode.ServiceUnavailable, 'Many photos are being converted right now; please try again in a moment', field),
  /** The HEIC decoder itself failed (its thread crashed or could not start): logged, and the person may try again. */
  photoConversionFailed: (field: string): DomainError => withField(ErrorCode.ServiceUnavailable, 'The photo could not be converted right now; please try again', field),
} as const;

/**
 * The multipart parser reports a form it cannot read (no boundary, a boundary the body does not
 * use, a part cut short) with plain Errors; they are the client's fault, not a server failure.
 * Errors that already carry an HTTP meaning (domain errors, Nest exceptions, the parser's limit
 * errors with their statusCode) pass as they are.
 */
export function asUploadClientError(error: unknown): unknown {
  if (error instanceof DomainError || error instanceof HttpException) return error;
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode < 500) return error;
  return MediaErrors.unreadableForm();
}
