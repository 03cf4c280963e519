import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { RequestStatusCode, ServiceType } from '@huddle/domain';

/** The per-type block of a request (spec §3: shoutout, endorsement, camp, ...), kept as one JSON document. */
/** Scalars, or one level of nesting (a booking's location). */
export type DetailValue = string | number | boolean | null | { [key: string]: string | number | boolean | null };
export type RequestDetails = { [key: string]: DetailValue };

/** A booking of one athlete's service by a fan or business (spec §3, Request); amounts in integer cents. */
@Entity({ name: 'requests' })
export class RequestEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Assigned by the database sequence: a short number people can quote to support. */
  @Column({ name: 'order_number', type: 'bigint', insert: false, update: false })
  orderNumber!: string;

  @Column({ type: 'varchar', length: 32 })
  type!: ServiceType;

  @Column({ type: 'smallint' })
  status!: RequestStatusCode;

  @Column({ name: 'athlete_id', type: 'uuid' })
  athleteId!: string;

  @Column({ name: 'requester_id', type: 'uuid' })
  requesterId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ name: 'request_amount_cents', type: 'integer' })
  requestAmountCents!: number;

  @Column({ name: 'amount_to_athlete_cents', type: 'integer' })
  amountToAthleteCents!: number;

  @Column({ name: 'fee_amount_cents', type: 'integer' })
  feeAmountCents!: number;

  @Column({ type: 'boolean', default: false })
  paid!: boolean;

  @Column({ name: 'paid_id', type: 'varchar', length: 100, nullable: true })
  paidId!: string | null;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt!: Date | null;

  @Column({ name: 'expiration_time', type: 'timestamptz', nullable: true })
  expirationTime!: Date | null;

  @Column({ type: 'boolean', default: false })
  authorised!: boolean;

  @Column({ type: 'boolean', default: false })
  reviewed!: boolean;

  /** Comma-separated platforms (spec §3), as the booking form sends them. */
  @Column({ name: 'social_media_platform', type: 'varchar', length: 200, nullable: true })
  socialMediaPlatform!: string | null;

  @Column({ name: 'endorsement_campaign_id', type: 'uuid', nullable: true })
  endorsementCampaignId!: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  details!: RequestDetails;

  /** The slot a timed request holds in the athlete's calendar (no two accepted ones overlap). */
  @Column({ name: 'start_at', type: 'timestamptz', nullable: true })
  startAt!: Date | null;

  @Column({ name: 'end_at', type: 'timestamptz', nullable: true })
  endAt!: Date | null;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @Column({ name: 'flagged_at', type: 'timestamptz', nullable: true })
  flaggedAt!: Date | null;

  @Column({ name: 'video_chat_completed', type: 'boolean', default: false })
  videoChatCompleted!: boolean;

  /** When the video chat's call started (status 6): the countdown's origin. */
  @Column({ name: 'chat_started_at', type: 'timestamptz', nullable: true })
  chatStartedAt!: Date | null;

  /** When the athlete acknowledged the paid-endorsement disclosure (accepting an endorsement). */
  @Column({ name: 'disclosure_acknowledged_at', type: 'timestamptz', nullable: true })
  disclosureAcknowledgedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  // What the ledger holds of the request's money (the counters' read models), kept by a statement
  // trigger on ledger_entries (migration RequestMoneyColumns1763772550000); never written here.
  /** The athlete's payable account credited for the request (owed less refunded); null while it has no entry there. */
  @Column({ name: 'athlete_share_cents', type: 'bigint', nullable: true, insert: false, update: false, select: false })
  athleteShareCents!: string | null;

  /** When the athlete's share was first owed. */
  @Column({ name: 'owed_at', type: 'timestamptz', nullable: true, insert: false, update: false, select: false })
  owedAt!: Date | null;

  /** The cash captured for the request less what went back to the requester (refunded, returned). */
  @Column({ name: 'spent_cents', type: 'bigint', insert: false, update: false, select: false })
  spentCents!: string;

  /** Cents of the athlete's share that payouts on their way or sent and an administrator's mark cover (trigger-kept: PartyTotals1763772650000). */
  @Column({ name: 'payout_covered_cents', type: 'bigint', insert: false, update: false, select: false })
  payoutCoveredCents!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
