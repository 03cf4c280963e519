import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { LocationType } from '@huddle/domain';

/** A place an athlete travels to for a kind of service, with the radius around it (spec §3, Location). */
@Entity({ name: 'athlete_locations' })
export class AthleteLocationEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'athlete_id', type: 'uuid' })
  athleteId!: string;

  @Column({ name: 'location_type', type: 'varchar', length: 32 })
  locationType!: LocationType;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'radius_miles', type: 'integer' })
  radiusMiles!: number;

  @Column({ type: 'text' })
  address!: string;

  @Column({ type: 'double precision' })
  latitude!: number;

  @Column({ type: 'double precision' })
  longitude!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
