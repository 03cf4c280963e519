import { ApiProperty } from '@nestjs/swagger';
import { SocialLinkField } from './profile-fields';

/** The five social links of a profile (SOCIAL_LINK_FIELDS), as the API answers them. */
export class SocialLinksDto {
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
}

/** The same links as a profile form sends them: each optional, normalised and checked. */
export class SocialLinksInput {
  @SocialLinkField()
  tiktok_link?: string | null;

  @SocialLinkField()
  twitter_link?: string | null;

  @SocialLinkField()
  snapchat_link?: string | null;

  @SocialLinkField()
  facebook_link?: string | null;

  @SocialLinkField()
  instagram_link?: string | null;
}
