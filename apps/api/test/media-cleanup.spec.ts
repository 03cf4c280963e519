import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { photoVariantPaths, UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { AppConfig } from '../src/config/app-config';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { MediaObjectEntity } from '../src/modules/media/entities/media-object.entity';
import { MediaService } from '../src/modules/media/media.service';
import { MediaStorage } from '../src/modules/media/storage/media-storage';
import { DELETE_UNUSED_UPLOADS } from '../src/modules/media/unused-uploads.cleaner';
import { api, signUp, uploadIntro, uploadPhoto } from './support/accounts-api';
import { FakeClock } from './support/fake-clock';
import { fixture } from './support/media';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const HOUR_MS = 3_600_000;

describe('MediaService.deleteUnreferencedUploads', () => {
  let testApp: TestApp;
  const clock = new FakeClock();

  beforeAll(async () => {
    testApp = await createTestApp({ env: { UNUSED_UPLOAD_GRACE_HOURS: '24' }, overrides: [{ provide: Clock, useValue: clock }] });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const fileOf = (path: string) => join(testApp.get(AppConfig).mediaDirectory, path.replace(/^\/media\//, ''));
  const served = async (path: string) => (await api(testApp).get(path)).status;

  it('deletes uploads no account uses once the grace period is over, rows and files, and keeps every referenced one', async () => {
    const athlete = await signUp(testApp, UserType.Athlete);
    const business = await signUp(testApp, UserType.Business);
    const [profilePhoto, abandonedPhoto, introVideo, abandonedVideo] = [
      await uploadPhoto(testApp, athlete.token),
      await uploadPhoto(testApp, athlete.token),
      await uploadIntro(testApp, athlete.token),
      await uploadIntro(testApp, athlete.token),
    ];
    const [businessPhoto, businessPicture] = [await uploadPhoto(testApp, business.token), await uploadPhoto(testApp, business.token)];
    await api(testApp)
      .post('/user/save-athlete-profile', { athlete_personal_info: { profile_photo: profilePhoto, intro_video: introVideo } }, athlete.token)
      .expect(200);
    await api(testApp)
      .post(
        '/user/business/finish-registration',
        {
          first_name: 'Alex',
          last_name: 'Owner',
          profile_photo: businessPhoto,
          business_info: { name: 'Acme', email: 'team@acme.example', phone: '(555) 000-1111', website: 'www.acme.example', picture: businessPicture },
        },
        business.token,
      )
      .expect(200);
    const kept = [profilePhoto, introVideo, businessPhoto, businessPicture];
    const abandoned = [abandonedPhoto, abandonedVideo];
    for (const path of [...kept, ...abandoned]) expect(existsSync(fileOf(path))).toBe(true);

    const media = testApp.get(MediaService);
    // Within the grace period an unused upload may still be waiting for its form.
    clock.advance(23 * HOUR_MS);
    expect(await media.deleteUnreferencedUploads()).toBe(0);
    for (const path of abandoned) expect(await served(path)).toBe(200);

    clock.advance(2 * HOUR_MS);
    expect(await media.deleteUnreferencedUploads()).toBe(2);
    for (const path of abandoned) {
      expect(await served(path)).toBe(404);
      expect(existsSync(fileOf(path))).toBe(false);
    }
    for (const path of kept) {
      expect(await served(path)).toBe(200);
      expect(existsSync(fileOf(path))).toBe(true);
    }
    // Nothing left to do: a second run deletes nothing.
    expect(await media.deleteUnreferencedUploads()).toBe(0);
  });

  it('deletes a photo once the profile moves to another one, after the grace period', async () => {
    const fan = await signUp(testApp, UserType.Fan);
    const first = await uploadPhoto(testApp, fan.token);
    const profile = { first_name: 'Casey', last_name: 'Fan', email: fan.email, phone: '(555) 123-4567' };
    await api(testApp).put('/user/accounts', { ...profile, profile_photo: first }, fan.token).expect(200);
    const second = await uploadPhoto(testApp, fan.token);
    await api(testApp).put('/user/accounts', { ...profile, profile_photo: second }, fan.token).expect(200);

    clock.advance(25 * HOUR_MS);
    await testApp.get(MediaService).deleteUnreferencedUploads();
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);
  });

  it("keeps a photo's WebP copies while the photo is referenced and deletes them with it, however young they are", async () => {
    const copiesOf = (path: string) => {
      const variants = photoVariantPaths(path);
      if (!variants) throw new Error(`${path} is not a stored photo`);
      return [variants.webp, variants.webpSmall];
    };
    const athlete = await signUp(testApp, UserType.Athlete);
    const [kept, abandoned] = [await uploadPhoto(testApp, athlete.token), await uploadPhoto(testApp, athlete.token)];
    // Photos stored before copies existed get theirs on demand, long after the photo was stored.
    const legacy = async (): Promise<string> => {
      const key = `images/${randomUUID()}.jpg`;
      const data = fixture('photo.jpg');
      await testApp.app.get(MediaStorage).putBuffer(key, data, 'image/jpeg');
      await testApp.dataSource.getRepository(MediaObjectEntity).insert({
        key,
        ownerAccountId: athlete.id,
        kind: 'image',
        contentType: 'image/jpeg',
        sizeBytes: data.length,
        durationSeconds: null,
        width: 600,
        height: 450,
        variantOf: null,
      });
      return `/media/${key}`;
    };
    const [keptLegacy, abandonedLegacy] = [await legacy(), await legacy()];
    await api(testApp)
      .post('/user/save-athlete-profile', { athlete_personal_info: { profile_photo: kept, dashboard_photo: keptLegacy } }, athlete.token)
      .expect(200);
    for (const path of [kept, abandoned]) for (const copy of copiesOf(path)) expect(existsSync(fileOf(copy))).toBe(true);

    const media = testApp.get(MediaService);
    clock.advance(25 * HOUR_MS);
    // Asked for a day after their photos, and made just now by the clock the cleanup reads: younger than the grace period.
    for (const path of [keptLegacy, abandonedLegacy]) for (const copy of copiesOf(path)) expect(await served(copy)).toBe(200);
    await testApp.dataSource.query('UPDATE media_objects SET created_at = $1 WHERE variant_of = ANY($2)', [clock.now(), [keptLegacy, abandonedLegacy].map((path) => path.replace(/^\/media\//, ''))]);

    // Copies are not uploads of their own: only the two abandoned photos count.
    expect(await media.deleteUnreferencedUploads()).toBe(2);
    for (const path of [abandoned, abandonedLegacy]) {
      for (const gone of [path, ...copiesOf(path)]) {
        expect(await served(gone)).toBe(404);
        expect(existsSync(fileOf(gone))).toBe(false);
      }
    }
    for (const path of [kept, keptLegacy]) {
      for (const stays of [path, ...copiesOf(path)]) {
        expect(await served(stays)).toBe(200);
        expect(existsSync(fileOf(stays))).toBe(true);
      }
    }
    const orphans: unknown[] = await testApp.dataSource.query(
      'SELECT v.key FROM media_objects v LEFT JOIN media_objects p ON p.key = v.variant_of WHERE v.variant_of IS NOT NULL AND p.id IS NULL',
    );
    expect(orphans).toEqual([]);

    // Once the profile moves on, the photo and its copies go together.
    await api(testApp).post('/user/save-athlete-profile', { athlete_personal_info: { profile_photo: keptLegacy } }, athlete.token).expect(200);
    clock.advance(25 * HOUR_MS);
    expect(await media.deleteUnreferencedUploads()).toBe(1);
    for (const gone of [kept, ...copiesOf(kept)]) expect(existsSync(fileOf(gone))).toBe(false);
    for (const stays of [keptLegacy, ...copiesOf(keptLegacy)]) expect(await served(stays)).toBe(200);
  });

  it('runs as a daily job of the queue: scheduled, and a run deletes what nobody kept', async () => {
    const athlete = await signUp(testApp, UserType.Athlete);
    const abandoned = await uploadPhoto(testApp, athlete.token);
    const jobs = testApp.get(JobsService);
    expect(jobs.cronOf(DELETE_UNUSED_UPLOADS)).toBe('41 3 * * *');

    clock.advance(25 * HOUR_MS);
    await jobs.enqueue(DELETE_UNUSED_UPLOADS, {});
    await jobs.drain();
    expect(await served(abandoned)).toBe(404);
    expect(existsSync(fileOf(abandoned))).toBe(false);
  });
});
