import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The conferences, sports and teams a fan follows (spec §3, fan survey). */
@Entity({ name: 'fan_surveys' })
export class FanSurveyEntity {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  conferences!: number[];

  @Column({ type: 'smallint', array: true, default: () => "'{}'" })
  sports!: number[];

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  teams!: number[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
