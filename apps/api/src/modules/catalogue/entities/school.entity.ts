import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { ConferenceEntity } from './conference.entity';
import { DivisionEntity } from './division.entity';

/**
 * A college. conference is its all-sports conference; football_conference is set only where
 * football plays elsewhere (Notre Dame, Army, Hawaii, ...). The division is the school's own:
 * its football subdivision in Division 1, 'Division 1 Non-Football' for D1 schools without it.
 */
@Entity({ name: 'schools' })
export class SchoolEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 150 })
  name!: string;

  @Column({ name: 'short_name', type: 'varchar', length: 60 })
  shortName!: string;

  @Column({ type: 'char', length: 2 })
  state!: string;

  @Column({ name: 'conference_id', type: 'integer' })
  conferenceId!: number;

  @ManyToOne(() => ConferenceEntity)
  @JoinColumn({ name: 'conference_id' })
  conference?: ConferenceEntity;

  @Column({ name: 'football_conference_id', type: 'integer', nullable: true })
  footballConferenceId!: number | null;

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
