import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { DivisionEntity } from './division.entity';

/** An athletic conference; its division is the level its football (if any) plays at. */
@Entity({ name: 'conferences' })
export class ConferenceEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'short_name', type: 'varchar', length: 40 })
  shortName!: string;

  @Column({ name: 'division_id', type: 'smallint' })
  divisionId!: number;

  @ManyToOne(() => DivisionEntity)
  @JoinColumn({ name: 'division_id' })
  division?: DivisionEntity;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
