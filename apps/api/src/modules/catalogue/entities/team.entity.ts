import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One school's program in one sport; fans follow teams. */
@Entity({ name: 'teams' })
export class TeamEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'school_id', type: 'integer' })
  schoolId!: number;

  @Column({ name: 'sport_id', type: 'smallint' })
  sportId!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
