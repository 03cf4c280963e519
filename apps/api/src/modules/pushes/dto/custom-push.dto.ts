import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { CUSTOM_PUSH_LIMITS, CUSTOM_PUSH_ROLES, CUSTOM_PUSH_STATUSES } from '@huddle/domain/admin';
import type { CustomPushStatus } from '@huddle/domain/admin';
import { Omittable, Trim } from '../../dto-rules';
import { PageQuery } from '../../page.query';

export class CustomPushDestinationInput {
  @ApiPropertyOptional({ type: [Number], enum: CUSTOM_PUSH_ROLES, description: 'Fans (1), athletes (2), businesses (3); at least one, or user_ids instead.' })
  roles?: number[];

  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'Chosen users (live accounts, not administrators); at least one, or roles instead.' })
  user_ids?: string[];
}

/** The wizard's push (checked by parseCustomPush of libs/domain, which the wizard runs too). */
export class CustomPushInput {
  @ApiProperty({ maxLength: CUSTOM_PUSH_LIMITS.name }) name!: string;
  @ApiProperty({ maxLength: CUSTOM_PUSH_LIMITS.subject, description: "The notification's title." }) subject!: string;
  @ApiProperty({ maxLength: CUSTOM_PUSH_LIMITS.message, description: "The notification's text." }) message!: string;
  @ApiProperty({ type: () => CustomPushDestinationInput }) destination!: CustomPushDestinationInput;
}

export class CustomPushIdQuery {
  @ApiProperty({ format: 'uuid' })
  @IsString()
  @MaxLength(100)
  id!: string;
}

export class CustomPushSendInput {
  @ApiProperty({ format: 'uuid' })
  @IsString()
  @MaxLength(100)
  id!: string;
}

export class CustomPushSearchQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Text in the name or the subject.' })
  @Omittable()
  @Trim()
  @IsString()
  @MaxLength(200)
  request?: string;
}

export class CustomPushUserDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
}

export class CustomPushDestinationDto {
  @ApiProperty({ type: [Number] }) roles!: number[];
  @ApiProperty({ type: [String] }) user_ids!: string[];
  @ApiProperty({ type: () => [CustomPushUserDto] }) users!: CustomPushUserDto[];
}

export class CustomPushDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() subject!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ type: () => CustomPushDestinationDto }) destination!: CustomPushDestinationDto;
  @ApiProperty({ enum: CUSTOM_PUSH_STATUSES }) status!: CustomPushStatus;
  @ApiProperty({ description: 'Recipients of the send (set when it is sent; the final count once sent).' }) recipients_total!: number;
  @ApiProperty({ description: 'Recipients notified so far.' }) recipients_done!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Unix seconds.' }) sent_at!: number | null;
  @ApiProperty({ description: 'Unix seconds.' }) created_at!: number;
  @ApiProperty({ description: 'Unix seconds.' }) updated_at!: number;
}

export class CustomPushListPayload {
  @ApiProperty({ type: () => [CustomPushDto] }) pushes!: CustomPushDto[];
  @ApiProperty() total!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}

export class CustomPushPayload {
  @ApiProperty({ type: () => CustomPushDto }) push!: CustomPushDto;
}

export class CustomPushChangedPayload {
  @ApiProperty({ type: () => CustomPushDto }) push!: CustomPushDto;
  @ApiProperty({ example: 'Custom push has been created' }) message!: string;
}

export class CustomPushDeletedPayload {
  @ApiProperty({ example: 'Custom push has been deleted' }) message!: string;
}
