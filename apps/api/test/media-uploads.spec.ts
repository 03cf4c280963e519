import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Stream } from 'node:stream';
import sharp from 'sharp';
import request from 'supertest';
import { ErrorCode, MESSAGES, UserType, videoTooLargeMessage, videoTooLongMessage, imageTooLargeMessage } from '@huddle/domain';
import { AppConfig } from '../src/config/app-config';
import { DomainError } from '../src/common/errors/domain-error';
import { MediaObjectEntity } from '../src/modules/media/entities/media-object.entity';
import { MediaService } from '../src/modules/media/media.service';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { fixture, makeImage, makeJpegWithMetadata } from './support/media';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

type Attachment = { field: string; data: Buffer; filename: string; contentType: string };

function binary(response: Stream, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

function upload(testApp: TestApp, path: string, token: string | null, attachments: Attachment[]) {
  let call = request(testApp.server).post(`/api/v1${path}`);
  if (token) call = call.set('x-access-token', token);
  for (const { field, data, filename, contentType } of attachments) call = call.attach(field, data, { filename, contentType });
  return call;
}

function fetchMedia(testApp: TestApp, path: string) {
  return request(testApp.server).get(`/api/v1${path}`).buffer(true).parse(binary);
}

function stagingFiles(testApp: TestApp): string[] {
  const directory = join(testApp.get(AppConfig).DATA_DIR, 'uploads');
  return existsSync(directory) ? readdirSync(directory) : [];
}

function storedFiles(testApp: TestApp): string[] {
  const root = testApp.get(AppConfig).mediaDirectory;
  return ['images', 'videos'].flatMap((folder) => (existsSync(join(root, folder)) ? readdirSync(join(root, folder)) : []));
}

describe('media uploads and serving (disk storage)', () => {
  let testApp: TestApp;
  let athlete: SignedIn;
  let fan: SignedIn;

  const photo = (data: Buffer, filename: string, contentType: string, field = 'photo'): Attachment => ({ field, data, filename, contentType });
  const video = (data: Buffer, filename: string, contentType: string): Attachment => ({ field: 'video', data, filename, contentType });

  beforeAll(async () => {
    testApp = await createTestApp();
    athlete = await createSignedIn(testApp, UserType.Athlete, { profileCompleted: false });
    fan = await createSignedIn(testApp, UserType.Fan);
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('POST /user/upload-photo', () => {
    it('refuses anonymous callers before reading the upload', async () => {
      const response = await upload(testApp, '/user/upload-photo', null, [photo(await makeImage(64, 64, 'png'), 'a.png', 'image/png')]).expect(401);
      expect(response.body.status_response.response_internal_code).toBe(ErrorCode.Unauthorized);
      expect(stagingFiles(testApp)).toEqual([]);
    });

    it('stores a png as a png, cropped to a square of at most 1024x1024', async () => {
      const response = await upload(testApp, '/user/upload-photo', fan.token, [photo(await makeImage(1500, 1200, 'png'), 'me.png', 'image/png')]).expect(201);
      expect(response.body.path).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.png$/);
      expect(response.body.second_path).toBeUndefined();

      const served = await fetchMedia(testApp, response.body.path).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      const metadata = await sharp(served.body as Buffer).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1024, 1024]);
    });

    it("stores an athlete's square photo and 320x440 dashboard photo as JPEG", async () => {
      const response = await upload(testApp, '/user/upload-photo', athlete.token, [
        photo(await makeImage(2000, 1500, 'jpeg'), 'square.jpg', 'image/jpeg'),
        photo(await makeImage(800, 600, 'jpeg'), 'dashboard.jpeg', 'image/jpeg', 'second_photo'),
      ]).expect(201);
      expect(response.body.path).toMatch(/\.jpg$/);
      expect(response.body.second_path).toMatch(/^\/media\/images\/.+\.jpg$/);

      const square = await sharp((await fetchMedia(testApp, response.body.path).expect(200)).body as Buffer).metadata();
      expect([square.format, square.width, square.height]).toEqual(['jpeg', 1024, 1024]);
      const dashboard = await sharp((await fetchMedia(testApp, response.body.second_path).expect(200)).body as Buffer).metadata();
      expect([dashboard.format, dashboard.width, dashboard.height]).toEqual(['jpeg', 320, 440]);
    });

    it('never enlarges a small photo, and drops its metadata', async () => {
      const response = await upload(testApp, '/user/upload-photo', fan.token, [photo(await makeJpegWithMetadata(500, 400), 'small.jpg', 'image/jpeg')]).expect(201);
      const stored = await sharp((await fetchMedia(testApp, response.body.path).expect(200)).body as Buffer).metadata();
      expect([stored.width, stored.height]).toEqual([400, 400]);
      expect(stored.exif).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
    });

    it('converts a HEIC photo to JPEG', async () => {
      const response = await upload(testApp, '/user/upload-photo', fan.token, [photo(fixture('photo.heic'), 'IMG_0001.HEIC', 'image/heic')]).expect(201);
      expect(response.body.path).toMatch(/\.jpg$/);
      const served = await fetchMedia(testApp, response.body.path).expect(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      const stored = await sharp(served.body as Buffer).metadata();
      expect([stored.format, stored.width, stored.height]).toEqual(['jpeg', 300, 300]);
    });

    it('converts a HEIC photo for the cropper: the whole picture as JPEG, nothing stored (POST /user/convert-photo)', async () => {
      const [{ count: rowsBefore }] = await testApp.dataSource.query(`SELECT count(*)::int AS count FROM media_objects`);
      const filesBefore = storedFiles(testApp).length;
      // Chromium gives a HEIC file no type: the content decides.
      const response = await upload(testApp, '/user/convert-photo', fan.token, [photo(fixture('photo.heic'), 'IMG_0001.HEIC', 'application/octet-stream')]).expect(200);
      expect(response.body.photo).toMatchObject({ content_type: 'image/jpeg', width: 400, height: 300 });
      const converted = await sharp(Buffer.from(response.body.photo.data_base64, 'base64')).metadata();
      // Not cut to the profile's square: the person crops it next.
      expect([converted.format, converted.width, converted.height, converted.exif]).toEqual(['jpeg', 400, 300, undefined]);
      // The picture itself came through: the fixture's yellow disc at the centre, its blue field in a corner.
      const { data: pixels, info } = await sharp(Buffer.from(response.body.photo.data_base64, 'base64')).raw().toBuffer({ resolveWithObject: true });
      const colourAt = (x: number, y: number) => [...pixels.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      const near = (actual: number[], expected: number[]) => actual.every((value, index) => Math.abs(value - expected[index]) <= 24);
      expect({ centre: near(colourAt(250, 150), [250, 204, 21]), corner: near(colourAt(5, 295), [29, 78, 216]) }).toEqual({ centre: true, corner: true });
      expect(await testApp.dataSource.query(`SELECT count(*)::int AS count FROM media_objects`)).toEqual([{ count: rowsBefore }]);
      expect(storedFiles(testApp).length).toBe(filesBefore);
      expect(stagingFiles(testApp)).toEqual([]);
    });

    it.each([
      // Passes the content check (a jpeg), then refused by the conversion itself.
      ['a JPEG, which needs no conversion', async () => makeImage(40, 40, 'jpeg'), 'photo.heic'],
      ['a text file named .heic', async () => Buffer.from('ftypheic pretending, but only text'), 'IMG_0002.HEIC'],
      // A real HEIC header, then garbage: refused by the decoder, not a 500.
      ['a HEIC cut short and filled with garbage', async () => Buffer.concat([fixture('photo.heic').subarray(0, 40), Buffer.alloc(4000, 7)]), 'IMG_0003.HEIC'],
    ])('refuses to convert %s with 1415, keeping nothing', async (_label, make, filename) => {
      const response = await upload(testApp, '/user/convert-photo', fan.token, [photo(await make(), filename, 'image/heic')]).expect(415);
      expect(response.body.errors).toEqual({ photo: MESSAGES.imageWrongType });
      expect(stagingFiles(testApp)).toEqual([]);
    });

    it('judges by content: a png named .jpg is stored as a png', async () => {
      const response = await upload(testApp, '/user/upload-photo', fan.token, [photo(await makeImage(300, 300, 'png'), 'holiday.jpg', 'image/jpeg')]).expect(201);
      expect(response.body.path).toMatch(/\.png$/);
      const stored = await sharp((await fetchMedia(testApp, response.body.path).expect(200)).body as Buffer).metadata();
      expect(stored.format).toBe('png');
    });

    it.each([
      ['a text file named .png', Buffer.from('this is not an image, only some text pretending to be one'), 'photo.png', 'image/png'],
      ['a GIF', null, 'animated.gif', 'image/gif'],
      ['a WebP', null, 'photo.webp', 'image/webp'],
      ['a truncated JPEG', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]), 'broken.jpg', 'image/jpeg'],
    ])('refuses %s with 1415', async (label, data, filename, contentType) => {
      const body = data ?? (await makeImage(40, 40, label === 'a GIF' ? 'gif' : 'webp'));
      const response = await upload(testApp, '/user/upload-photo', fan.token, [photo(body, filename, contentType)]).expect(415);
      expect(response.body.status_response).toEqual({ status: 415, response_message: MESSAGES.imageWrongType, response_internal_code: ErrorCode.UnsupportedMedia });
      expect(response.body.errors).toEqual({ photo: MESSAGES.imageWrongType });
    });

    it('refuses a good photo with a bad dashboard photo, storing neither', async () => {
      const before = storedFiles(testApp).length;
      const response = await upload(testApp, '/user/upload-photo', athlete.token, [
        photo(await makeImage(300, 300, 'png'), 'ok.png', 'image/png'),
        photo(Buffer.from('GIF89a not really'), 'bad.png', 'image/png', 'second_photo'),
      ]).expect(415);
      expect(response.body.errors).toEqual({ second_photo: MESSAGES.imageWrongType });
      expect(storedFiles(testApp).length).toBe(before);
      expect(stagingFiles(testApp)).toEqual([]);
    });

    it("asks for a photo when none is sent (1400 'Please, choose photo')", async () => {
      const response = await request(testApp.server).post('/api/v1/user/upload-photo').set('x-access-token', fan.token).field('note', 'no file').expect(400);
      expect(response.body.status_response.response_message).toBe(MESSAGES.choosePhoto);
      expect(response.body.errors).toEqual({ photo: MESSAGES.choosePhoto });
    });

    it('refuses files in fields it does not know', async () => {
      const response = await upload(testApp, '/user/upload-photo', fan.token, [photo(await makeImage(30, 30, 'png'), 'x.png', 'image/png', 'avatar')]).expect(400);
      expect(response.body.status_response.response_internal_code).toBe(ErrorCode.ValidationFailed);
      expect(stagingFiles(testApp)).toEqual([]);
    });

    it('refuses a second file in the same field, keeping neither staged', async () => {
      const image = await makeImage(30, 30, 'png');
      const response = await upload(testApp, '/user/upload-photo', fan.token, [photo(image, 'a.png', 'image/png'), photo(image, 'b.png', 'image/png')]).expect(400);
      expect(response.body.status_response.response_internal_code).toBe(ErrorCode.ValidationFailed);
      expect(stagingFiles(testApp)).toEqual([]);
    });

    it('refuses a form with more parts than an upload needs (1413)', async () => {
      let call = request(testApp.server).post('/api/v1/user/upload-photo').set('x-access-token', fan.token);
      for (let index = 0; index < 20; index += 1) call = call.field(`note${index}`, 'x');
      const response = await call.attach('photo', await makeImage(30, 30, 'png'), { filename: 'x.png', contentType: 'image/png' }).expect(413);
      expect(response.body.status_response.response_internal_code).toBe(ErrorCode.PayloadTooLarge);
      expect(stagingFiles(testApp)).toEqual([]);
    });
  });

  describe('POST /user/upload-intro', () => {
    it('refuses anonymous callers', async () => {
      await upload(testApp, '/user/upload-intro', null, [video(fixture('intro-5s.mp4'), 'intro.mp4', 'video/mp4')]).expect(401);
    });

    it('accepts an mp4 and answers its duration read from the file', async () => {
      const response = await upload(testApp, '/user/upload-intro', athlete.token, [video(fixture('intro-5s.mp4'), 'intro.mp4', 'video/mp4')]).expect(201);
      expect(response.body.path).toMatch(/^\/media\/videos\/[0-9a-f-]{36}\.mp4$/);
      expect(response.body.duration).toBeCloseTo(5, 1);
      const row = await testApp.dataSource.getRepository(MediaObjectEntity).findOneByOrFail({ key: response.body.path.replace('/media/', '') });
      expect(row).toMatchObject({ ownerAccountId: athlete.account.id, kind: 'video', contentType: 'video/mp4', sizeBytes: fixture('intro-5s.mp4').length, width: 320, height: 240 });
      expect(stagingFiles(testApp)).toEqual([]);
    });

    it('accepts a QuickTime movie whose metadata sits after the media data, whatever its declared type', async () => {
      const response = await upload(testApp, '/user/upload-intro', athlete.token, [video(fixture('intro-3s.mov'), 'clip', 'application/octet-stream')]).expect(201);
      expect(response.body.path).toMatch(/\.mov$/);
      expect(response.body.duration).toBe(3);
      const served = await fetchMedia(testApp, response.body.path).expect(200);
      expect(served.headers['content-type']).toBe('video/quicktime');
    });

    it('reads the duration of a fragmented mp4 from its fragments', async () => {
      const response = await upload(testApp, '/user/upload-intro', athlete.token, [video(fixture('fragmented-4s.mp4'), 'recorded.mp4', 'video/mp4')]).expect(201);
      expect(response.body.duration).toBe(4);
    });

    it('refuses a 31-second video as too long (1400)', async () => {
      const response = await upload(testApp, '/user/upload-intro', athlete.token, [video(fixture('long-31s.mp4'), 'long.mp4', 'video/mp4')]).expect(400);
      expect(response.body.status_response).toEqual({ status: 400, response_message: MESSAGES.videoTooLong, response_internal_code: ErrorCode.ValidationFailed });
      expect(response.body.errors).toEqual({ video: MESSAGES.videoTooLong });
      expect(stagingFiles(testApp)).toEqual([]);
    });

    it.each([
      ['a text file named .mp4', Buffer.from('definitely not a movie, just words in a file'), 'intro.mp4'],
      ['an image', fixture('photo.jpg'), 'intro.mov'],
      ['an audio-only m4a', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A \0\0\0\0M4A mp42'), Buffer.alloc(64)]), 'song.mp4'],
      ['an mp4 header with no movie in it', Buffer.concat([fixture('intro-5s.mp4').subarray(0, 40), Buffer.alloc(100)]), 'cut.mp4'],
    ])('refuses %s with 1415', async (_label, data, filename) => {
      const response = await upload(testApp, '/user/upload-intro', athlete.token, [video(data, filename, 'video/mp4')]).expect(415);
      expect(response.body.status_response.response_message).toBe(MESSAGES.videoWrongType);
      expect(response.body.errors).toEqual({ video: MESSAGES.videoWrongType });
    });

    it('removes the staged file when the client gives up half way', async () => {
      // A raw socket: supertest cannot stop half way through a body.
      if (!testApp.server.listening) await new Promise<void>((resolve) => testApp.server.listen(0, '127.0.0.1', resolve));
      const { port } = testApp.server.address() as AddressInfo;
      const boundary = 'huddle-abort-test';
      const socket = connect({ host: '127.0.0.1', port });
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write(
        [
          'POST /api/v1/user/upload-intro HTTP/1.1',
          'Host: 127.0.0.1',
          `x-access-token: ${athlete.token}`,
          `Content-Type: multipart/form-data; boundary=${boundary}`,
          'Content-Length: 10000000',
          '',
          `--${boundary}`,
          'Content-Disposition: form-data; name="video"; filename="intro.mp4"',
          'Content-Type: video/mp4',
          '',
          '',
        ].join('\r\n'),
      );
      try {
        socket.write(fixture('intro-5s.mp4'));
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(stagingFiles(testApp)).toHaveLength(1);
      } finally {
        socket.destroy();
      }
      for (let attempt = 0; attempt < 50 && stagingFiles(testApp).length > 0; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stagingFiles(testApp)).toEqual([]);
    });

    it("asks for a video when none is sent (1400 'Please, choose video')", async () => {
      const response = await request(testApp.server).post('/api/v1/user/upload-intro').set('x-access-token', athlete.token).field('x', '1').expect(400);
      expect(response.body.status_response.response_message).toBe(MESSAGES.chooseVideo);
    });
  });

  describe('GET /media/<key>', () => {
    let videoPath: string;
    const original = fixture('intro-5s.mp4');

    beforeAll(async () => {
      videoPath = (await upload(testApp, '/user/upload-intro', athlete.token, [video(original, 'intro.mp4', 'video/mp4')]).expect(201)).body.path;
    });

    it('serves the whole file publicly with its type, ETag and ranges on offer', async () => {
      const response = await fetchMedia(testApp, videoPath).expect(200);
      expect(response.headers['content-type']).toBe('video/mp4');
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers.etag).toBeTruthy();
      expect(response.headers['cache-control']).toContain('immutable');
      expect(Buffer.compare(response.body as Buffer, original)).toBe(0);
    });

    it('answers a byte range with 206 so players can seek', async () => {
      const response = await fetchMedia(testApp, videoPath).set('Range', 'bytes=100-1123').expect(206);
      expect(response.headers['content-range']).toBe(`bytes 100-1123/${original.length}`);
      expect(Buffer.compare(response.body as Buffer, original.subarray(100, 1124))).toBe(0);

      const tail = await fetchMedia(testApp, videoPath).set('Range', 'bytes=-500').expect(206);
      expect(Buffer.compare(tail.body as Buffer, original.subarray(original.length - 500))).toBe(0);
    });

    it('answers 304 to a request carrying the current ETag', async () => {
      const { headers } = await fetchMedia(testApp, videoPath).expect(200);
      await fetchMedia(testApp, videoPath).set('If-None-Match', headers.etag).expect(304);
    });

    it('answers 1404 for keys it never stored and for paths outside the store', async () => {
      for (const path of ['/media/videos/00000000-0000-0000-0000-000000000000.mp4', '/media/nothing', '/media/..%2F..%2Fpackage.json', '/media/images/%2E%2E/x']) {
        const response = await request(testApp.server).get(`/api/v1${path}`).expect(404);
        expect(response.body.status_response.response_internal_code).toBe(ErrorCode.NotFound);
      }
    });
  });

  describe('MediaService.assertOwned', () => {
    it("accepts the caller's own upload of the right kind and refuses everything else with 1400", async () => {
      const media = testApp.get(MediaService);
      const photoPath = (await upload(testApp, '/user/upload-photo', athlete.token, [photo(await makeImage(100, 100, 'png'), 'a.png', 'image/png')]).expect(201)).body.path;
      const videoPath = (await upload(testApp, '/user/upload-intro', athlete.token, [video(fixture('intro-3s.mov'), 'a.mov', 'video/quicktime')]).expect(201)).body.path;

      await expect(media.assertOwned(athlete.account.id, photoPath, 'image')).resolves.toBeUndefined();
      await expect(media.assertOwned(athlete.account.id, videoPath, 'video')).resolves.toBeUndefined();

      const refusals: Array<[string, string, 'image' | 'video']> = [
        [fan.account.id, photoPath, 'image'],
        [athlete.account.id, videoPath, 'image'],
        [athlete.account.id, photoPath, 'video'],
        [athlete.account.id, '/media/images/00000000-0000-0000-0000-000000000000.jpg', 'image'],
        [athlete.account.id, 'https://elsewhere.example/me.jpg', 'image'],
        [athlete.account.id, '/media/../../etc/passwd', 'image'],
      ];
      for (const [accountId, path, kind] of refusals) {
        const error = await media.assertOwned(accountId, path, kind, 'profile_photo').catch((thrown: unknown) => thrown);
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).code).toBe(ErrorCode.ValidationFailed);
        expect(Object.keys((error as DomainError).details ?? {})).toEqual(['profile_photo']);
      }
      const notMine = (await media.assertOwned(fan.account.id, photoPath, 'image').catch((thrown: unknown) => thrown)) as DomainError;
      expect(notMine.message).toBe('This photo was not uploaded from your account; please upload it again');
    });
  });
});

describe('media uploads with lowered limits', () => {
  let testApp: TestApp;
  let athlete: SignedIn;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { VIDEO_MAX_MB: '1', VIDEO_MAX_SECONDS: '4', MAX_IMAGE_MB: '1' } });
    athlete = await createSignedIn(testApp, UserType.Athlete);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('stops a video past VIDEO_MAX_MB with 1413 and leaves no staged file behind', async () => {
    // A real movie header followed by more than a megabyte of data.
    const oversized = Buffer.concat([fixture('intro-5s.mp4'), Buffer.alloc(1024 * 1024, 1)]);
    const response = await upload(testApp, '/user/upload-intro', athlete.token, [{ field: 'video', data: oversized, filename: 'big.mp4', contentType: 'video/mp4' }]).expect(413);
    expect(response.body.status_response).toEqual({ status: 413, response_message: videoTooLargeMessage(1), response_internal_code: ErrorCode.PayloadTooLarge });
    expect(response.body.errors).toEqual({ video: 'Video must be at most 1 MB' });
    expect(stagingFiles(testApp)).toEqual([]);
    expect(storedFiles(testApp)).toEqual([]);
    expect(await testApp.dataSource.getRepository(MediaObjectEntity).count()).toBe(0);
  });

  it('applies VIDEO_MAX_SECONDS and names it in the message', async () => {
    const response = await upload(testApp, '/user/upload-intro', athlete.token, [{ field: 'video', data: fixture('intro-5s.mp4'), filename: 'a.mp4', contentType: 'video/mp4' }]).expect(400);
    expect(response.body.status_response.response_message).toBe(videoTooLongMessage(4));
    await upload(testApp, '/user/upload-intro', athlete.token, [{ field: 'video', data: fixture('intro-3s.mov'), filename: 'b.mov', contentType: 'video/quicktime' }]).expect(201);
  });

  it('refuses an image past MAX_IMAGE_MB with 1413', async () => {
    const oversized = Buffer.concat([await makeImage(50, 50, 'png'), Buffer.alloc(1024 * 1024 + 10, 0)]);
    const response = await upload(testApp, '/user/upload-photo', athlete.token, [{ field: 'photo', data: oversized, filename: 'big.png', contentType: 'image/png' }]).expect(413);
    expect(response.body.status_response.response_message).toBe(imageTooLargeMessage(1));
    expect(response.body.errors).toEqual({ photo: 'Image must be at most 1 MB' });
    expect(stagingFiles(testApp)).toEqual([]);
  });
});

describe('media served from a data directory whose name starts with a dot', () => {
  // `npm start` keeps its data in `.data`; the file server must not treat that as a hidden file.
  let testApp: TestApp;
  let parent: string;

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'huddle-dotted-'));
    chmodSync(parent, 0o755);
    const dataDir = join(parent, '.data');
    mkdirSync(dataDir);
    testApp = await createTestApp({ env: { DATA_DIR: dataDir } });
  });

  afterAll(async () => {
    await testApp.close();
    rmSync(parent, { recursive: true, force: true });
  });

  it('serves an uploaded photo', async () => {
    const fan = await createSignedIn(testApp, UserType.Fan);
    const response = await upload(testApp, '/user/upload-photo', fan.token, [{ field: 'photo', data: await makeImage(64, 64, 'png'), filename: 'me.png', contentType: 'image/png' }]).expect(201);
    const served = await fetchMedia(testApp, response.body.path).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(64);
  });
});
