import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MediaStorage } from './media-storage';
import type { ByteRange, MediaDelivery } from './media-storage';

export interface S3MediaStorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible stores other than AWS (MinIO, R2, ...). */
  endpoint?: string;
  /** Without a key pair the SDK's default chain applies (instance roles, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Public base URL (CDN, public bucket); without it, browsers get presigned URLs. */
  publicUrl?: string;
  presignSeconds?: number;
}

const DEFAULT_PRESIGN_SECONDS = 60 * 60;
// Keys are never reused (each upload gets a fresh one), so caches may keep objects for good.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Media in an S3-compatible bucket. Files are streamed to S3 in one PUT with a known length (the
 * intro video limit is far below S3's 5 GB single-PUT ceiling); browsers are redirected to the
 * bucket, so video bytes never pass through the API.
 */
export class S3MediaStorage extends MediaStorage {
  readonly description: string;
  private readonly client: S3Client;

  constructor(private readonly options: S3MediaStorageOptions) {
    super();
    this.description = `S3 bucket ${options.bucket}${options.endpoint ? ` at ${options.endpoint}` : ` in ${options.region}`}`;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      credentials: options.credentials,
      forcePathStyle: options.forcePathStyle,
      // Newer SDKs add CRC32 trailers (aws-chunked uploads) by default, which many S3-compatible
      // stores reject; checksums are sent only where the S3 API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async putFile(key: string, sourcePath: string, contentType: string): Promise<void> {
    const { size } = await stat(sourcePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: createReadStream(sourcePath),
        ContentLength: size,
        ContentType: contentType,
        CacheControl: IMMUTABLE,
      }),
    );
  }

  async putBuffer(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: data, ContentLength: data.length, ContentType: contentType, CacheControl: IMMUTABLE }),
    );
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const result = await this.client.send(
      new GetObjectCommand({ Bucket: this.options.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    const body = result.Body;
    // In Node the SDK answers with the HTTP response stream itself.
    if (!(body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
    return body;
  }

  async delivery(key: string, contentType: string, signedForSeconds?: number): Promise<MediaDelivery> {
    if (signedForSeconds !== undefined) {
      // A restricted object: never the public URL, and a presigned one that dies with the API's
      // signed URL; the bucket's immutable Cache-Control is overridden for this answer.
      const seconds = Math.max(1, Math.floor(signedForSeconds));
      const command = new GetObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        ResponseContentType: contentType,
        ResponseCacheControl: `private, max-age=${seconds}`,
      });
      return { kind: 'redirect', url: await getSignedUrl(this.client, command, { expiresIn: seconds }) };
    }
    if (this.options.publicUrl) {
      const base = this.options.publicUrl.replace(/\/+$/, '');
      return { kind: 'redirect', url: `${base}/${key.split('/').map(encodeURIComponent).join('/')}` };
    }
    const command = new GetObjectCommand({ Bucket: this.options.bucket, Key: key, ResponseContentType: contentType });
    return { kind: 'redirect', url: await getSignedUrl(this.client, command, { expiresIn: this.options.presignSeconds ?? DEFAULT_PRESIGN_SECONDS }) };
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  /** Nest calls this on shutdown: the client's keep-alive sockets would hold the process open. */
  onApplicationShutdown(): void {
    this.client.destroy();
  }
}
