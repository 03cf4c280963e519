import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { AthleteServiceType } from '@huddle/domain';

/** One service an athlete offers or not, and its rate in integer cents (the API speaks dollars). */
@Entity({ name: 'athlete_services' })
export class AthleteServiceEntity {
  @PrimaryColumn({ name: 'athlete_id', type: 'uuid' })
  athleteId!: string;

  @PrimaryColumn({ name: 'service_type', type: 'varchar', length: 32 })
  serviceType!: AthleteServiceType;

  @Column({ type: 'boolean', default: false })
  enabled!: boolean;

  @Column({ name: 'rate_cents', type: 'integer' })
  rateCents!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
