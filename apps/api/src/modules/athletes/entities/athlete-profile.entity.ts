import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { AppearanceType } from '@huddle/domain';

/** An athlete's survey answers (school and sports) and appearance options (spec §3, athlete_info). */
@Entity({ name: 'athlete_profiles' })
export class AthleteProfileEntity {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @Column({ name: 'school_id', type: 'integer', nullable: true })
  schoolId!: number | null;

  @Column({ name: 'school_email', type: 'varchar', length: 254, nullable: true })
  schoolEmail!: string | null;

  /** Sport ids in the athlete's order; the first is the one played (sports_played). */
  @Column({ type: 'smallint', array: true, default: () => "'{}'" })
  sports!: number[];

  @Column({ name: 'appearance_types', type: 'varchar', length: 20, array: true, default: () => "'{}'" })
  appearanceTypes!: AppearanceType[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
