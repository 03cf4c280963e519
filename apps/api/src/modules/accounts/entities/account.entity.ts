import { Column, CreateDateColumn, DeleteDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { normalizeEmail } from '@huddle/domain';
import type { UserTypeCode } from '@huddle/domain';

const lowerCaseEmail = {
  to: (value: string | undefined): string | undefined => (typeof value === 'string' ? normalizeEmail(value) : value),
  from: (value: string): string => value,
};

/**
 * A person who signs in: fan, athlete, business or administrator (spec §3, Account). The
 * profile is complete or not; incomplete accounts get role code user_type + 10. Email and
 * username are unique among live accounts, case-insensitively (partial unique indexes).
 */
@Entity({ name: 'accounts' })
export class AccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_type', type: 'smallint' })
  userType!: UserTypeCode;

  @Column({ name: 'first_name', type: 'varchar', length: 100, nullable: true })
  firstName!: string | null;

  @Column({ name: 'last_name', type: 'varchar', length: 100, nullable: true })
  lastName!: string | null;

  @Column({ type: 'varchar', length: 254, transformer: lowerCaseEmail })
  email!: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  phone!: string | null;

  @Column({ type: 'smallint', nullable: true })
  gender!: number | null;

  @Column({ name: 'profile_photo', type: 'text', nullable: true })
  profilePhoto!: string | null;

  @Column({ name: 'intro_video', type: 'text', nullable: true })
  introVideo!: string | null;

  /** The athlete's 8:11 crop shown on dashboard cards (spec §5, Photo crop). */
  @Column({ name: 'dashboard_photo', type: 'text', nullable: true })
  dashboardPhoto!: string | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  username!: string | null;

  /** Never loaded unless a query asks for it explicitly (sign-in); social sign-in accounts have none. */
  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash?: string | null;

  @Column({ type: 'boolean', default: false })
  blocked!: boolean;

  @Column({ name: 'profile_completed', type: 'boolean', default: false })
  profileCompleted!: boolean;

  /** Whether the important steps of the account's requests also come by email (issue 11); in-app notifications always come. */
  @Column({ name: 'email_notifications', type: 'boolean', default: true })
  emailNotifications!: boolean;

  @Column({ type: 'varchar', length: 230, nullable: true })
  description!: string | null;

  @Column({ name: 'tiktok_link', type: 'text', nullable: true })
  tiktokLink!: string | null;

  @Column({ name: 'twitter_link', type: 'text', nullable: true })
  twitterLink!: string | null;

  @Column({ name: 'snapchat_link', type: 'text', nullable: true })
  snapchatLink!: string | null;

  @Column({ name: 'facebook_link', type: 'text', nullable: true })
  facebookLink!: string | null;

  @Column({ name: 'instagram_link', type: 'text', nullable: true })
  instagramLink!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @DeleteDateColumn({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
