import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { MESSAGES } from '@huddle/domain';

export class WatchTokenQuery {
  @ApiProperty({ description: 'The token of a watch link (/watch/{token}).' })
  @IsString({ message: MESSAGES.watchLinkGone })
  @MaxLength(100, { message: MESSAGES.watchLinkGone })
  @Matches(/^[A-Za-z0-9_-]{40,}$/, { message: MESSAGES.watchLinkGone })
  token!: string;
}
