import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import request from 'supertest';
import { ErrorCode, photoVariantPaths, UserType } from '@huddle/domain';
import { MediaStorage } from '../src/modules/media/storage/media-storage';
import { S3MediaStorage } from '../src/modules/media/storage/s3-media-storage';
import { api } from './support/accounts-api';
import { bookAndPay, bookingPayload, createBookableAthlete, settle } from './support/booking';
import { CapturingLogger } from './support/capturing-logger';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { fixture, makeImage } from './support/media';
import { startLocalS3 } from './support/s3-server';
import type { LocalS3 } from './support/s3-server';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function storageFor(s3: LocalS3, publicUrl?: string): S3MediaStorage {
  return new S3MediaStorage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
    publicUrl,
  });
}

function s3Env(s3: LocalS3): Record<string, string> {
  return {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

describe('S3 media storage against a local S3 server (s3rver)', () => {
  let s3: LocalS3;
  let storage: S3MediaStorage;
  let workDir: string;

  beforeAll(async () => {
    s3 = await startLocalS3();
    storage = storageFor(s3);
    workDir = await mkdtemp(join(tmpdir(), 'huddle-s3-test-'));
  });

  afterAll(async () => {
    storage.onApplicationShutdown();
    await s3.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('streams a file up and reads it back whole and by range', async () => {
    const video = fixture('intro-5s.mp4');
    const source = join(workDir, 'upload.mp4');
    await writeFile(source, video);
    await storage.putFile('videos/a.mp4', source, 'video/mp4');

    expect(Buffer.compare(await collect(await storage.read('videos/a.mp4')), video)).toBe(0);
    expect(Buffer.compare(await collect(await storage.read('videos/a.mp4', { start: 10, end: 2057 })), video.subarray(10, 2058))).toBe(0);
  });

  it('stores an encoded image from memory', async () => {
    const image = await makeImage(20, 20, 'png');
    await storage.putBuffer('images/b.png', image, 'image/png');
    expect(Buffer.compare(await collect(await storage.read('images/b.png')), image)).toBe(0);
  });

  it('hands browsers a presigned URL that the server honours, with the stored type', async () => {
    const video = fixture('intro-3s.mov');
    await storage.putBuffer('videos/c.mov', video, 'video/quicktime');
    const delivery = await storage.delivery('videos/c.mov', 'video/quicktime');
    if (delivery.kind !== 'redirect') throw new Error('S3 storage must redirect');
    expect(delivery.url).toContain('X-Amz-Signature=');
    expect(new URL(delivery.url).searchParams.get('X-Amz-Expires')).toBe('3600');

    const response = await fetch(delivery.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/quicktime');
    expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), video)).toBe(0);
  });

  it('points at the public URL when one is configured', async () => {
    const cdn = storageFor(s3, 'https://cdn.huddle.test/media/');
    expect(await cdn.delivery('images/b.png', 'image/png')).toEqual({ kind: 'redirect', url: 'https://cdn.huddle.test/media/images/b.png' });
    cdn.onApplicationShutdown();
  });

  it('deletes objects, and deleting a missing one is no error', async () => {
    await storage.putBuffer('images/gone.png', await makeImage(8, 8, 'png'), 'image/png');
    await storage.delete('images/gone.png');
    await expect(storage.read('images/gone.png')).rejects.toThrow();
    await expect(storage.delete('images/never-there.png')).resolves.toBeUndefined();
  });
});

describe('media uploads with S3_BUCKET configured', () => {
  let s3: LocalS3;
  let testApp: TestApp;
  let athlete: SignedIn;

  beforeAll(async () => {
    s3 = await startLocalS3();
    testApp = await createTestApp({ env: s3Env(s3) });
    athlete = await createSignedIn(testApp, UserType.Athlete, { profileCompleted: false });
  });

  afterAll(async () => {
    await testApp.close();
    await s3.close();
  });

  it('stores the intro video in the bucket and redirects GET /media/<key> to it', async () => {
    const video = fixture('intro-5s.mp4');
    const uploaded = await request(testApp.server)
      .post('/api/v1/user/upload-intro')
      .set('x-access-token', athlete.token)
      .attach('video', video, { filename: 'intro.mp4', contentType: 'video/mp4' })
      .expect(201);

    const served = await request(testApp.server).get(`/api/v1${uploaded.body.path}`).expect(302);
    const location = served.headers.location;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/videos/`)).toBe(true);

    const fromBucket = await fetch(location, { headers: { Range: 'bytes=0-99' } });
    expect(fromBucket.status).toBe(206);
    expect(Buffer.compare(Buffer.from(await fromBucket.arrayBuffer()), video.subarray(0, 100))).toBe(0);
  });

  it('stores re-encoded photos in the bucket', async () => {
    const uploaded = await request(testApp.server)
      .post('/api/v1/user/upload-photo')
      .set('x-access-token', athlete.token)
      .attach('photo', await makeImage(1200, 1200, 'jpeg'), { filename: 'me.jpg', contentType: 'image/jpeg' })
      .attach('second_photo', await makeImage(640, 880, 'png'), { filename: 'card.png', contentType: 'image/png' })
      .expect(201);
    for (const [path, size] of [
      [uploaded.body.path, [1024, 1024]],
      [uploaded.body.second_path, [320, 440]],
    ] as const) {
      const location = (await request(testApp.server).get(`/api/v1${path}`).expect(302)).headers.location;
      const metadata = await sharp(Buffer.from(await (await fetch(location)).arrayBuffer())).metadata();
      expect([metadata.width, metadata.height]).toEqual(size);
    }
  });

  it("stores a photo's WebP copies in the bucket, and makes a missing one from the photo in the bucket", async () => {
    const uploaded = await request(testApp.server)
      .post('/api/v1/user/upload-photo')
      .set('x-access-token', athlete.token)
      .attach('photo', await makeImage(600, 600, 'jpeg'), { filename: 'me.jpg', contentType: 'image/jpeg' })
      .expect(201);
    const copies = photoVariantPaths(uploaded.body.path)!;
    const key = (path: string) => path.replace(/^\/media\//, '');
    // As if stored before copies existed: the small copy's object and row are gone.
    await testApp.app.get(MediaStorage).delete(key(copies.webpSmall));
    await testApp.dataSource.query('DELETE FROM media_objects WHERE key = $1', [key(copies.webpSmall)]);

    for (const [path, width] of [
      [copies.webp, 600],
      [copies.webpSmall, 160],
    ] as const) {
      const location = (await request(testApp.server).get(`/api/v1${path}`).expect(302)).headers.location;
      expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/${key(path)}`)).toBe(true);
      const fromBucket = await fetch(location);
      expect(fromBucket.headers.get('content-type')).toBe('image/webp');
      const metadata = await sharp(Buffer.from(await fromBucket.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width]).toEqual(['webp', width]);
    }
    expect(await testApp.dataSource.query('SELECT count(*)::int AS count FROM media_objects WHERE variant_of = $1', [key(uploaded.body.path)])).toEqual([{ count: 2 }]);
  });
});

describe('delivered request videos with S3_BUCKET and S3_PUBLIC_URL configured', () => {
  let s3: LocalS3;
  let testApp: TestApp;

  beforeAll(async () => {
    s3 = await startLocalS3();
    testApp = await createTestApp({ env: { ...s3Env(s3), S3_PUBLIC_URL: 'https://cdn.huddle.test/media' } });
  });

  afterAll(async () => {
    await testApp.close();
    await s3.close();
  });

  it('are never sent to the public URL: each viewer gets a presigned URL that expires with the API\'s signed one, and it plays and seeks', async () => {
    const fan = await createSignedIn(testApp, UserType.Fan);
    const athlete = await createBookableAthlete(testApp);
    const id = await bookAndPay(testApp, fan, bookingPayload('endorsement', athlete.account.id));
    await api(testApp).put(`/booking/request/accept?request_id=${id}&disclosure_acknowledged=true`, {}, athlete.token).expect(200);
    const video = fixture('intro-5s.mp4');
    const delivered = await request(testApp.server)
      .post('/api/v1/athlete/endorsements')
      .set('x-access-token', athlete.token)
      .field('request_id', id)
      .attach('video', video, { filename: 'v.mp4', contentType: 'video/mp4' })
      .expect(201);
    // The watermarked copy is rendered from the bucket, into the bucket.
    await settle(testApp);
    const original: string = delivered.body.request.details.video;
    await request(testApp.server).get(`/api/v1${original}`).expect(404);

    for (const [viewer, watermarked] of [
      [fan, true],
      [athlete, false],
    ] as const) {
      const signed = await api(testApp).get(`/booking/request/video?request_id=${id}`, viewer.token).expect(302);
      const toBucket = await request(testApp.server).get(`/api/v1/${signed.headers.location.replace(/^(\.\.\/)+/, '')}`).expect(302);
      expect(toBucket.headers['cache-control']).toBe('no-store');
      const location = new URL(toBucket.headers.location);
      expect(`${location.origin}${location.pathname}`.startsWith(`${s3.endpoint}/${s3.bucket}/deliveries/`)).toBe(true);
      expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(600);
      expect(location.searchParams.get('X-Amz-Signature')).toBeTruthy();

      const whole = await fetch(location);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      const bytes = Buffer.from(await whole.arrayBuffer());
      expect(Buffer.compare(bytes, video) !== 0).toBe(watermarked);
      const range = await fetch(location, { headers: { Range: 'bytes=0-99' } });
      expect(range.status).toBe(206);
      expect(Buffer.compare(Buffer.from(await range.arrayBuffer()), bytes.subarray(0, 100))).toBe(0);
    }

    // Profile media still go to the public URL.
    const intro = await request(testApp.server)
      .post('/api/v1/user/upload-intro')
      .set('x-access-token', athlete.token)
      .attach('video', video, { filename: 'intro.mp4', contentType: 'video/mp4' })
      .expect(201);
    const served = await request(testApp.server).get(`/api/v1${intro.body.path}`).expect(302);
    expect(served.headers.location).toBe(`https://cdn.huddle.test/media/${intro.body.path.replace(/^\/media\//, '')}`);
  });
});

describe('media uploads when the S3 store is down', () => {
  let testApp: TestApp;
  let athlete: SignedIn;
  const logger = new CapturingLogger();

  beforeAll(async () => {
    // A server that was started and stopped: its port now refuses connections.
    const gone = await startLocalS3();
    await gone.close();
    testApp = await createTestApp({ env: s3Env(gone), logger });
    athlete = await createSignedIn(testApp, UserType.Fan);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers 1503, logs the cause and records nothing', async () => {
    const response = await request(testApp.server)
      .post('/api/v1/user/upload-photo')
      .set('x-access-token', athlete.token)
      .attach('photo', await makeImage(50, 50, 'png'), { filename: 'a.png', contentType: 'image/png' })
      .expect(503);
    expect(response.body.status_response.response_internal_code).toBe(ErrorCode.ServiceUnavailable);
    expect(logger.errors.join('\n')).toContain('Could not store media in S3 bucket');
    expect(await testApp.dataSource.query('SELECT count(*)::int AS count FROM media_objects')).toEqual([{ count: 0 }]);
  });
});
