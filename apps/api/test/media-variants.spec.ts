import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Stream } from 'node:stream';
import sharp from 'sharp';
import request from 'supertest';
import { ErrorCode, photoVariantPaths, UserType } from '@huddle/domain';
import { AppConfig } from '../src/config/app-config';
import { MediaObjectEntity } from '../src/modules/media/entities/media-object.entity';
import { MediaService } from '../src/modules/media/media.service';
import { MediaStorage } from '../src/modules/media/storage/media-storage';
import { api } from './support/accounts-api';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { makeImage } from './support/media';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';
import type { TestDatabase } from './support/test-database';

function binary(response: Stream, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

function fetchMedia(testApp: TestApp, path: string) {
  return request(testApp.server).get(`/api/v1${path}`).buffer(true).parse(binary);
}

/** A WebP file by its signature: a RIFF container whose form type is WEBP. */
function isWebp(data: Buffer): boolean {
  return data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP';
}

function variantsOf(path: string): { webp: string; webpSmall: string } {
  const variants = photoVariantPaths(path);
  if (!variants) throw new Error(`${path} is not a stored photo`);
  return variants;
}

const keyOf = (path: string) => path.replace(/^\/media\//, '');

async function uploadPhotos(testApp: TestApp, token: string, photo: Buffer, dashboard?: Buffer): Promise<{ path: string; second_path?: string }> {
  let call = request(testApp.server).post('/api/v1/user/upload-photo').set('x-access-token', token).attach('photo', photo, { filename: 'me.jpg', contentType: 'image/jpeg' });
  if (dashboard) call = call.attach('second_photo', dashboard, { filename: 'card.jpg', contentType: 'image/jpeg' });
  return (await call.expect(201)).body;
}

/** A photo as the API stored it before it made WebP copies: the file and its row, nothing else. */
async function storeLegacyPhoto(testApp: TestApp, ownerAccountId: string, width: number, height: number): Promise<string> {
  const key = `images/${randomUUID()}.jpg`;
  const data = await sharp(await makeImage(width, height, 'jpeg'))
    .jpeg({ quality: 85 })
    .toBuffer();
  await testApp.app.get(MediaStorage).putBuffer(key, data, 'image/jpeg');
  await testApp.dataSource.getRepository(MediaObjectEntity).insert({
    key,
    ownerAccountId,
    kind: 'image',
    contentType: 'image/jpeg',
    sizeBytes: data.length,
    durationSeconds: null,
    width,
    height,
    variantOf: null,
  });
  return `/media/${key}`;
}

describe('WebP copies of stored photos (issue 14)', () => {
  let testApp: TestApp;
  let athlete: SignedIn;

  beforeAll(async () => {
    testApp = await createTestApp();
    athlete = await createSignedIn(testApp, UserType.Athlete, { profileCompleted: false });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const rowOf = (path: string) => testApp.dataSource.getRepository(MediaObjectEntity).findOneBy({ key: keyOf(path) });
  const fileOf = (path: string) => join(testApp.get(AppConfig).mediaDirectory, keyOf(path));

  it('stores a same-size and a 160 px WebP beside each uploaded photo, recorded with the same owner', async () => {
    const uploaded = await uploadPhotos(testApp, athlete.token, await makeImage(2000, 1500, 'jpeg'), await makeImage(800, 600, 'jpeg'));
    const expected: Array<[string, { webp: [number, number]; webpSmall: [number, number] }]> = [
      [uploaded.path, { webp: [1024, 1024], webpSmall: [160, 160] }],
      [uploaded.second_path!, { webp: [320, 440], webpSmall: [160, 220] }],
    ];
    for (const [photo, sizes] of expected) {
      const original = await rowOf(photo);
      for (const variant of ['webp', 'webpSmall'] as const) {
        const path = variantsOf(photo)[variant];
        expect(existsSync(fileOf(path))).toBe(true);
        const row = await rowOf(path);
        expect(row).toMatchObject({
          ownerAccountId: athlete.account.id,
          kind: 'image',
          contentType: 'image/webp',
          width: sizes[variant][0],
          height: sizes[variant][1],
          variantOf: keyOf(photo),
        });
        // Recorded with the photo, in the same write.
        expect(Math.abs(row!.createdAt.getTime() - original!.createdAt.getTime())).toBeLessThan(1000);

        const served = await fetchMedia(testApp, path).expect(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        const body = served.body as Buffer;
        expect(isWebp(body)).toBe(true);
        expect(row!.sizeBytes).toBe(body.length);
        const metadata = await sharp(body).metadata();
        expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', ...sizes[variant]]);
      }
      // The point of the copies: fewer bytes than the photo they stand in for.
      expect((await rowOf(variantsOf(photo).webp))!.sizeBytes).toBeLessThan(original!.sizeBytes);
    }
  });

  it('keeps the transparency of a PNG, and makes no small copy of a photo no wider than it', async () => {
    const png = await sharp({ create: { width: 120, height: 120, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const response = await request(testApp.server)
      .post('/api/v1/user/upload-photo')
      .set('x-access-token', athlete.token)
      .attach('photo', png, { filename: 'me.png', contentType: 'image/png' })
      .expect(201);
    const photo: string = response.body.path;
    const { webp, webpSmall } = variantsOf(photo);
    expect(await rowOf(webpSmall)).toBeNull();
    const copy = await sharp((await fetchMedia(testApp, webp).expect(200)).body as Buffer).metadata();
    expect([copy.format, copy.width, copy.hasAlpha]).toEqual(['webp', 120, true]);

    // A browser may still ask for the small copy (it cannot know the photo's width): the same-size one answers.
    const small = await fetchMedia(testApp, webpSmall).expect(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect((await sharp(small.body as Buffer).metadata()).width).toBe(120);
    expect(await rowOf(webpSmall)).toBeNull();
  });

  it('makes the copies of a photo stored before they existed on the first request, records them, then serves them as stored', async () => {
    const photo = await storeLegacyPhoto(testApp, athlete.account.id, 320, 440);
    const { webp, webpSmall } = variantsOf(photo);
    expect(await rowOf(webp)).toBeNull();

    for (const [path, width, height] of [
      [webp, 320, 440],
      [webpSmall, 160, 220],
    ] as const) {
      const served = await fetchMedia(testApp, path).expect(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(isWebp(served.body as Buffer)).toBe(true);
      expect(await rowOf(path)).toMatchObject({ ownerAccountId: athlete.account.id, contentType: 'image/webp', width, height, variantOf: keyOf(photo) });
      expect(existsSync(fileOf(path))).toBe(true);
    }

    const put = jest.spyOn(testApp.app.get(MediaStorage), 'putBuffer');
    try {
      const again = await fetchMedia(testApp, webp).expect(200);
      expect(isWebp(again.body as Buffer)).toBe(true);
      // Stored now: answered from storage, with the validators a stored file has.
      expect(again.headers.etag).toBeTruthy();
      await fetchMedia(testApp, webp).set('If-None-Match', again.headers.etag).expect(304);
      expect(put).not.toHaveBeenCalled();
    } finally {
      put.mockRestore();
    }
  });

  it('answers 1404 for copies of nothing: no photo, a video, a copy of a copy', async () => {
    const video = `/media/videos/${randomUUID()}`;
    for (const path of [`/media/images/${randomUUID()}.webp`, `/media/images/${randomUUID()}-w160.webp`, `${video}.webp`, `/media/images/${randomUUID()}.webp.webp`]) {
      const response = await request(testApp.server).get(`/api/v1${path}`).expect(404);
      expect(response.body.status_response.response_internal_code).toBe(ErrorCode.NotFound);
    }
    expect(await testApp.dataSource.query(`SELECT key FROM media_objects WHERE key LIKE 'videos/%webp'`)).toEqual([]);
  });

  it('never lets a profile hold a copy instead of the photo', async () => {
    const fan = await createSignedIn(testApp, UserType.Fan);
    const uploaded = await uploadPhotos(testApp, fan.token, await makeImage(400, 400, 'jpeg'));
    const profile = { first_name: 'Casey', last_name: 'Fan', email: fan.account.email, phone: '(555) 123-4567' };
    const refused = await api(testApp).put('/user/accounts', { ...profile, profile_photo: variantsOf(uploaded.path).webp }, fan.token).expect(400);
    expect(refused.body.errors).toEqual({ profile_photo: 'This photo was not uploaded from your account; please upload it again' });
    await api(testApp).put('/user/accounts', { ...profile, profile_photo: uploaded.path }, fan.token).expect(200);
  });

  it('makes a missing copy once for many requests at once', async () => {
    const photo = await storeLegacyPhoto(testApp, athlete.account.id, 1024, 1024);
    const put = jest.spyOn(testApp.app.get(MediaStorage), 'putBuffer');
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => fetchMedia(testApp, variantsOf(photo).webp)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
      expect(new Set(answers.map((answer) => (answer.body as Buffer).toString('base64'))).size).toBe(1);
      expect(put.mock.calls.map(([key]) => key)).toEqual([keyOf(variantsOf(photo).webp)]);
    } finally {
      put.mockRestore();
    }
  });
});

describe('WebP copies made on demand by several API processes at once', () => {
  // Two apps on one database and one media directory, each with its own connection pool: two processes.
  let database: TestDatabase;
  let dataDir: string;
  let apps: TestApp[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'huddle-variants-'));
    apps = [await createTestApp({ database, env: { DATA_DIR: dataDir } })];
    apps.push(await createTestApp({ database, env: { DATA_DIR: dataDir } }));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores and records each copy once, and every request gets it', async () => {
    const athlete = await createSignedIn(apps[0], UserType.Athlete);
    const photo = await storeLegacyPhoto(apps[0], athlete.account.id, 1024, 1024);
    const puts = apps.map((app) => jest.spyOn(app.app.get(MediaStorage), 'putBuffer'));
    try {
      const { webp, webpSmall } = variantsOf(photo);
      const answers = await Promise.all(apps.flatMap((app) => [webp, webpSmall, webp, webpSmall].map((path) => fetchMedia(app, path))));
      expect(answers.map((answer) => [answer.status, answer.headers['content-type']])).toEqual(Array(8).fill([200, 'image/webp']));
      expect(puts.flatMap((put) => put.mock.calls.map(([key]) => key)).sort()).toEqual([keyOf(webp), keyOf(webpSmall)].sort());
      const rows: Array<{ key: string; variant_of: string }> = await apps[1].dataSource.query('SELECT key, variant_of FROM media_objects WHERE variant_of = $1 ORDER BY key', [
        keyOf(photo),
      ]);
      expect(rows.map((row) => row.key).sort()).toEqual([keyOf(webp), keyOf(webpSmall)].sort());
    } finally {
      for (const put of puts) put.mockRestore();
    }
  });

  it('the media service answers the same copy to both processes', async () => {
    const athlete = await createSignedIn(apps[1], UserType.Athlete);
    const photo = await storeLegacyPhoto(apps[1], athlete.account.id, 640, 640);
    const key = keyOf(variantsOf(photo).webp);
    const delivered = await Promise.all(apps.map((app) => app.get(MediaService).deliver(key)));
    expect(delivered).toEqual([delivered[0], delivered[0]]);
    expect(delivered[0]).toMatchObject({ contentType: 'image/webp', delivery: { kind: 'file', path: join(apps[0].get(AppConfig).mediaDirectory, key) } });
  });
});
