import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A requester's rating of a finished request, one per request (spec §3, Review). */
@Entity({ name: 'reviews' })
export class ReviewEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'request_id', type: 'uuid' })
  requestId!: string;

  @Column({ name: 'athlete_id', type: 'uuid' })
  athleteId!: string;

  @Column({ name: 'reviewer_id', type: 'uuid' })
  reviewerId!: string;

  /** 1..5 stars (a CHECK in the table enforces it too). */
  @Column({ type: 'smallint' })
  rate!: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  comment!: string | null;

  @Column({ name: 'submitted_at', type: 'timestamptz' })
  submittedAt!: Date;
}
