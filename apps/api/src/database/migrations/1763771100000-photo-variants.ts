import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14, photos for the screen: the WebP copies of a stored photo are media objects of their
 * own, each naming the photo it was made from (variant_of, the photo's key). The cleanup of unused
 * uploads keeps them while their photo is referenced and deletes them with it; the reference has
 * no ON DELETE action, so deleting a photo whose copies are left behind fails instead of leaving
 * copies nobody could find.
 */
export class PhotoVariants1763771100000 implements MigrationInterface {
  name = 'PhotoVariants1763771100000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE media_objects ADD COLUMN variant_of text REFERENCES media_objects (key)`);
    await runner.query(`CREATE INDEX media_objects_variant_of_idx ON media_objects (variant_of) WHERE variant_of IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX media_objects_variant_of_idx`);
    await runner.query(`ALTER TABLE media_objects DROP COLUMN variant_of`);
  }
}
