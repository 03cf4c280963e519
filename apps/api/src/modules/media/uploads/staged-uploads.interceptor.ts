import type { Readable } from 'node:stream';
import { BadRequestException, createParamDecorator, Inject, Injectable, mixin } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor, Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
// request.isMultipart() and request.parts() (the plugin is registered in configureApp).
import type {} from '@fastify/multipart';
import type { Observable } from 'rxjs';
import { asUploadClientError } from '../media.errors';
import { closeWhenTrickling } from '../upload-pace';
import type { StagedUpload } from './staged-upload';
import { StagingStorage } from './staging-storage';
import { UPLOAD_FORM_LIMITS } from './upload-rules';

export interface UploadField {
  name: string;
  maxCount: number;
}

/** The staged files of a request, by form field. */
export type StagedFiles = Partial<Record<string, StagedUpload[]>>;

const STAGED_FILES = Symbol('huddle.stagedFiles');
const FORM_FIELDS = Symbol('huddle.formFields');

/** The plain (non-file) fields of a multipart form, by name; the first value of a repeated field. */
export type FormFields = Partial<Record<string, string>>;

interface RequestWithFiles {
  [STAGED_FILES]?: StagedFiles;
  [FORM_FIELDS]?: FormFields;
}

/** The route's plain form fields (after StagedUploadsInterceptor); {} when the request was not multipart. */
export const UploadedFormFields = createParamDecorator(
  (_data: unknown, context: ExecutionContext): FormFields => context.switchToHttp().getRequest<RequestWithFiles>()[FORM_FIELDS] ?? {},
);

/** The route's staged files (after StagedUploadsInterceptor), by form field; {} when none came. */
export const UploadedStagedFiles = createParamDecorator(
  (_data: unknown, context: ExecutionContext): StagedFiles => context.switchToHttp().getRequest<RequestWithFiles>()[STAGED_FILES] ?? {},
);

/**
 * Reads a multipart form (@fastify/multipart) for a route that takes the given file fields, one
 * part at a time, and stages each file through StagingStorage before the handler runs. Runs after
 * the guards, so an anonymous caller is refused before a byte of the form is read. A request that
 * is not multipart reaches the handler with no files (the handler reports what is missing).
 *
 * On any refusal (wrong content, too large, an unexpected field, a form over its limits), the rest
 * of the request is read and discarded before the error is thrown, so the client gets the reply
 * instead of a reset connection, and the files already staged are deleted.
 */
export function StagedUploadsInterceptor(fields: readonly UploadField[]): Type<NestInterceptor> {
  @Injectable()
  class MixinInterceptor implements NestInterceptor {
    constructor(@Inject(StagingStorage) private readonly staging: StagingStorage) {}

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithFiles>();
      const formFields: FormFields = {};
      request[FORM_FIELDS] = formFields;
      request[STAGED_FILES] = request.isMultipart() ? await this.receive(request, formFields) : {};
      return next.handle();
    }

    private async receive(request: FastifyRequest, formFields: FormFields): Promise<StagedFiles> {
      const files: StagedFiles = {};
      let failure: unknown = null;
      // The staging storage reports an oversized file with the media's own message, before the
      // parser's own bound just above the largest file is reached.
      const parts = request.parts({ limits: { ...UPLOAD_FORM_LIMITS, fileSize: this.staging.largestFile + 1 } });
      const stopWatching = closeWhenTrickling(request.raw, this.staging.paceWindowMs);
      try {
        for await (const part of parts) {
          if (part.type !== 'file') {
            // Plain fields are bounded by UPLOAD_FORM_LIMITS (count and size); strings only.
            if (typeof part.value === 'string' && !(part.fieldname in formFields)) formFields[part.fieldname] = part.value;
            continue;
          }
          if (failure !== null) {
            part.file.resume();
            continue;
          }
          try {
            const upload = await this.stage(part.fieldname, part.file, files);
            (files[part.fieldname] ??= []).push(upload);
          } catch (error) {
            failure = error;
            // The whole body is in and a part broke off (no closing boundary): the parser waits
            // for bytes that will never come, so stop here; there is nothing left to drain.
            if (request.raw.complete) break;
          }
        }
      } catch (error) {
        // The parser's own limits (parts, fields, header pairs) and malformed forms.
        failure ??= error;
      } finally {
        stopWatching();
      }
      failure = failure === null ? null : asUploadClientError(failure);
      if (failure !== null) {
        await Promise.all(Object.values(files).flatMap((uploads = []) => uploads.map((upload) => this.staging.remove(upload))));
        throw failure;
      }
      return files;
    }

    private stage(fieldname: string, stream: Readable, files: StagedFiles): Promise<StagedUpload> {
      const field = fields.find((candidate) => candidate.name === fieldname);
      if (!field || (files[fieldname]?.length ?? 0) >= field.maxCount) {
        stream.resume();
        return Promise.reject(new BadRequestException(`Unexpected file field ${fieldname}`));
      }
      return this.staging.stage(fieldname, stream);
    }
  }
  return mixin(MixinInterceptor);
}
