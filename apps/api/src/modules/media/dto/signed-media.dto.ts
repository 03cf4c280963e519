import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Omittable } from '../../dto-rules';

/**
 * The query of a signed media URL (MediaService.signedUrl). Restricted media (delivered request
 * videos and their watermarked copies) answer only with both; other media ignore them. Whether
 * they hold is the signer's to say (1403), so any string passes here.
 */
export class SignedMediaQuery {
  @ApiPropertyOptional({ description: 'Expiry of a signed URL, in unix seconds.', example: '1767225600' })
  @Omittable()
  @IsString()
  @MaxLength(20)
  expires?: string;

  @ApiPropertyOptional({ description: 'HMAC of the key and the expiry, as the API handed it out.' })
  @Omittable()
  @IsString()
  @MaxLength(100)
  signature?: string;
}
