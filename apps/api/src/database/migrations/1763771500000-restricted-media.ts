import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 21, media that was paid for: delivered request videos (shoutouts, endorsements) and their
 * watermarked copies are served only through short-lived signed URLs, never at their bare public
 * path (a revoked watch link or a requester who has not approved yet must not keep a permanent
 * URL). Existing deliveries are marked from the requests that name them; a file that a public
 * column names too (the demo seed delivered the shared intro video) stays public, since anyone may
 * already see it as an intro or photo.
 */
export class RestrictedMedia1763771500000 implements MigrationInterface {
  name = 'RestrictedMedia1763771500000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE media_objects ADD COLUMN restricted boolean NOT NULL DEFAULT false`);
    await runner.query(`
      UPDATE media_objects m SET restricted = true
       WHERE '/media/' || m.key IN (
               SELECT details->>'video' FROM requests WHERE details->>'video' IS NOT NULL
               UNION ALL
               SELECT details->>'watermarked_video' FROM requests WHERE details->>'watermarked_video' IS NOT NULL)
         AND NOT EXISTS (
               SELECT 1 FROM accounts a
                WHERE '/media/' || m.key IN (a.profile_photo, a.dashboard_photo, a.intro_video))
         AND NOT EXISTS (SELECT 1 FROM business_profiles b WHERE b.picture = '/media/' || m.key)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE media_objects DROP COLUMN restricted`);
  }
}
