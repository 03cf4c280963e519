import { ApiProperty } from '@nestjs/swagger';
import { ALL_ROLE_CODES, roleCodeOf } from '@huddle/domain';
import type { RoleCode, UserTypeCode } from '@huddle/domain';
import type { AccountEntity } from '../entities/account.entity';

/** The fields of an account its owner may see (spec §3, Account); secrets never appear here. */
export class AccountDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: [1, 2, 3, 4], description: '1 fan, 2 athlete, 3 business, 4 administrator.' })
  user_type!: UserTypeCode;

  @ApiProperty({ enum: ALL_ROLE_CODES, description: 'Role code of the route table: user_type, or user_type + 10 while the profile is incomplete.' })
  role!: RoleCode;

  @ApiProperty({ type: String, nullable: true })
  first_name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  last_name!: string | null;

  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiProperty({ type: String, nullable: true, example: '+15551234567' })
  phone!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Id from reference data genders.' })
  gender!: number | null;

  @ApiProperty({ type: String, nullable: true })
  profile_photo!: string | null;

  @ApiProperty({ type: String, nullable: true })
  intro_video!: string | null;

  @ApiProperty({ type: String, nullable: true })
  username!: string | null;

  @ApiProperty()
  blocked!: boolean;

  @ApiProperty()
  profile_completed!: boolean;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ type: String, nullable: true })
  tiktok_link!: string | null;

  @ApiProperty({ type: String, nullable: true })
  twitter_link!: string | null;

  @ApiProperty({ type: String, nullable: true })
  snapchat_link!: string | null;

  @ApiProperty({ type: String, nullable: true })
  facebook_link!: string | null;

  @ApiProperty({ type: String, nullable: true })
  instagram_link!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  static from(account: AccountEntity): AccountDto {
    return {
      id: account.id,
      user_type: account.userType,
      role: roleCodeOf({ user_type: account.userType, profile_completed: account.profileCompleted }, false),
      first_name: account.firstName,
      last_name: account.lastName,
      email: account.email,
      phone: account.phone,
      gender: account.gender,
      profile_photo: account.profilePhoto,
      intro_video: account.introVideo,
      username: account.username,
      blocked: account.blocked,
      profile_completed: account.profileCompleted,
      description: account.description,
      tiktok_link: account.tiktokLink,
      twitter_link: account.twitterLink,
      snapchat_link: account.snapchatLink,
      facebook_link: account.facebookLink,
      instagram_link: account.instagramLink,
      created_at: account.createdAt.toISOString(),
    };
  }
}

export class AccountPayload {
  @ApiProperty({ type: () => AccountDto })
  account!: AccountDto;
}
