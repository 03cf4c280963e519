import { mediaPathOf } from './media-path';

/**
 * Every column that holds a media path, so the cleanup of unused uploads (MediaService.
 * deleteUnreferencedUploads) keeps whatever one of them points at. It reads accounts
 * (profile_photo, dashboard_photo, intro_video) and business_profiles (picture), both owned by the
 * accounts module, and never writes them. A new column that stores a media path (request
 * deliveries, ...) must be added here, or its files would be deleted after the grace period.
 */
export const MEDIA_REFERENCES: ReadonlyArray<{ table: string; column: string }> = [
  { table: 'accounts', column: 'profile_photo' },
  { table: 'accounts', column: 'dashboard_photo' },
  { table: 'accounts', column: 'intro_video' },
  { table: 'business_profiles', column: 'picture' },
  // Delivered videos of shoutouts and endorsements and their watermarked copies (booking's requests).
  { table: 'requests', column: "details->>'video'" },
  { table: 'requests', column: "details->>'watermarked_video'" },
];

/**
 * Deletes up to `limit` stored media made before `before` whose path no column above holds
 * (deleted accounts count: their rows stay for history), together with the WebP copies made from
 * them (media_objects.variant_of, whatever their age: a copy made on demand is younger than its
 * photo), answering the storage keys of all with the photo each copy was made from. Copies are
 * never judged on their own: they are kept exactly as long as their photo. The references are
 * gathered once and anti-joined, so the statement scans each table once.
 */
export function deleteUnreferencedMediaSql(): string {
  const references = MEDIA_REFERENCES.map(({ table, column }) => `SELECT ${column} AS path FROM ${table} WHERE ${column} IS NOT NULL`).join(' UNION ALL ');
  return `WITH unused AS (
      SELECT m.key FROM media_objects m
      WHERE m.variant_of IS NULL
        AND m.created_at < $1
        AND NOT EXISTS (SELECT 1 FROM (${references}) refs WHERE refs.path = $2 || m.key)
      ORDER BY m.created_at
      LIMIT $3
    )
    DELETE FROM media_objects WHERE key IN (SELECT key FROM unused) OR variant_of IN (SELECT key FROM unused)
    RETURNING key, variant_of`;
}

/** The prefix a stored path puts before the key ('/media/'). */
export const MEDIA_PATH_PREFIX = mediaPathOf('');
