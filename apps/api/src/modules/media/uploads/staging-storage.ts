import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_HEAD_BYTES } from '@huddle/domain';
import type { StagedUpload } from './staged-upload';

/** How one multipart field is received: what its content must be and how large it may get. */
export interface UploadFieldRule {
  maxBytes: number;
  /** The content type recognised from the first bytes, or null when the content is refused. */
  sniff: (head: Uint8Array) => string | null;
  /** The errors to fail the upload with (domain errors, so the reply carries the media's own message). */
  wrongType: () => Error;
  tooLarge: () => Error;
}

/**
 * Counts and inspects the bytes on their way to disk: the first bytes decide the type before the
 * rest is accepted, and the stream fails as soon as the size passes the limit, so neither a
 * wrong file nor an oversized one is received in full.
 */
class UploadGuard extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private received = 0;
  detected: string | null = null;

  constructor(private readonly rule: UploadFieldRule) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.rule.maxBytes) return callback(this.rule.tooLarge());
    if (this.detected === null) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength >= SNIFF_HEAD_BYTES) {
        const failure = this.decide();
        if (failure) return callback(failure);
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.detected === null ? this.decide() : null);
  }

  private decide(): Error | null {
    this.detected = this.rule.sniff(Buffer.concat(this.head));
    this.head = [];
    return this.detected === null ? this.rule.wrongType() : null;
  }

  get size(): number {
    return this.received;
  }
}

const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

function closedStream(stream: WriteStream): Promise<void> {
  return stream.closed ? Promise.resolve() : new Promise((resolve) => stream.once('close', () => resolve()));
}

/**
 * Streams each uploaded file into a staging directory, checking its content and size on the way.
 * The route's handler receives the staged file's `path`, its `size`, and `mimetype` set to the
 * type recognised from the content (the browser's declared type is discarded). Refused files are
 * deleted, and so are staged ones whose request failed later (see StagedUploadsInterceptor).
 */
export class StagingStorage {
  private ready: Promise<void> | null = null;

  constructor(
    private readonly directory: string,
    private readonly rules: Readonly<Record<string, UploadFieldRule>>,
    /** The window in which a form must bring a minimum of bytes (HTTP_IDLE_TIMEOUT_SECONDS; see upload-pace). */
    readonly paceWindowMs = 60_000,
  ) {}

  /** The most bytes any field may take: the multipart parser's own bound sits just above it. */
  get largestFile(): number {
    return Math.max(...Object.values(this.rules).map((rule) => rule.maxBytes));
  }

  /**
   * Receives one file part. On a refusal the rest of the part is drained, not destroyed
   * mid-body, so the parser can go on to the end of the request and the reply reaches the client.
   */
  async stage(fieldname: string, source: Readable): Promise<StagedUpload> {
    // A route that accepts a field with no rule here is a programming error, not the client's.
    const rule = Object.hasOwn(this.rules, fieldname) ? this.rules[fieldname] : undefined;
    if (!rule) {
      source.resume();
      throw new Error(`No upload rule for field ${fieldname}`);
    }
    await this.ensureDirectory();
    const path = join(this.directory, randomUUID());
    const target = createWriteStream(path, { flags: 'wx' });
    // Once open, the file exists: a refusal's rm() below cannot run before its creation.
    await once(target, 'open');
    const guard = new UploadGuard(rule);
    source.pipe(guard);
    // Piped by hand rather than through pipeline(), which would destroy the source on a refusal.
    source.once('error', (error) => guard.destroy(error));
    // The part may have failed while the file above was being opened (the parser destroys it when
    // the body ends without its closing boundary): its 'error' is then already gone, and piping a
    // destroyed stream would wait forever.
    if (source.destroyed && !source.readableEnded) guard.destroy(source.errored ?? new Error('The upload part ended before its end'));
    try {
      await pipeline(guard, target);
    } catch (error) {
      source.unpipe(guard);
      source.resume();
      // The failed write stream closes its descriptor asynchronously; remove the file after that.
      await closedStream(target);
      await rm(path, { force: true });
      throw error;
    }
    return { fieldname, path, size: guard.size, mimetype: guard.detected ?? 'application/octet-stream' };
  }

  async remove(upload: StagedUpload): Promise<void> {
    await rm(upload.path, { force: true });
  }

  private ensureDirectory(): Promise<void> {
    this.ready ??= mkdir(this.directory, { recursive: true })
      .then(() => this.removeStale())
      .catch((error: unknown) => {
        // A failure (a full disk, a permission) is retried by the next upload instead of sticking.
        this.ready = null;
        throw error;
      });
    return this.ready;
  }

  /** Files a crashed process left behind; a live upload is never a day old. */
  private async removeStale(): Promise<void> {
    const now = Date.now();
    for (const name of await readdir(this.directory)) {
      const path = join(this.directory, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > STALE_AFTER_MS) await rm(path, { force: true, recursive: true });
    }
  }
}
