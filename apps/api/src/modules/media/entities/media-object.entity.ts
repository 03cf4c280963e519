import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ValueTransformer } from 'typeorm';

export type MediaKind = 'image' | 'video';

// pg returns bigint and numeric as strings; sizes stay far below 2^53 and durations are short.
const asNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * One stored upload. Other modules accept a media path in a profile only when a row here says the
 * caller uploaded it and it is of the expected kind, so nobody can claim another account's files.
 */
@Entity({ name: 'media_objects' })
export class MediaObjectEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Storage key, the part of the public path after /media/. */
  @Column({ type: 'text' })
  key!: string;

  @Column({ name: 'owner_account_id', type: 'uuid' })
  ownerAccountId!: string;

  @Column({ type: 'varchar', length: 10 })
  kind!: MediaKind;

  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType!: string;

  @Column({ name: 'size_bytes', type: 'bigint', transformer: asNumber })
  sizeBytes!: number;

  @Column({ name: 'duration_seconds', type: 'numeric', precision: 10, scale: 3, nullable: true, transformer: asNumber })
  durationSeconds!: number | null;

  @Column({ type: 'integer', nullable: true })
  width!: number | null;

  @Column({ type: 'integer', nullable: true })
  height!: number | null;

  /**
   * For a WebP copy of a photo (@huddle/domain PHOTO_VARIANTS), the photo's key: the copy lives and
   * dies with it and is never a profile's own media. Null for everything uploaded or generated.
   */
  @Column({ name: 'variant_of', type: 'text', nullable: true })
  variantOf!: string | null;

  /**
   * A delivered request video or its watermarked copy: served only through a short-lived signed
   * URL (MediaService.signedUrl), handed out by the routes that check who may watch; never at its
   * bare path and never cached for good, so it stops answering once nobody is entitled.
   */
  @Column({ type: 'boolean', default: false })
  restricted!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
