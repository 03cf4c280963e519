import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNumber, IsString, MaxLength } from 'class-validator';
import { APPEARANCE_TYPES, isHourly, MESSAGES, SERVICE_LABELS, SERVICE_RATE_LIMITS } from '@huddle/domain';
import type { AthleteServiceType } from '@huddle/domain';
import { Omittable } from '../../dto-rules';

const APPEARANCE_TYPE_DESCRIPTION = `Comma-separated appearance options: ${APPEARANCE_TYPES.join(', ')} (empty for none).`;

function rateDescription(type: AthleteServiceType): string {
  const { min, max } = SERVICE_RATE_LIMITS[type];
  return `${SERVICE_LABELS[type]} rate in dollars${isHourly(type) ? ' per hour' : ''}; ${min} to ${max} when enabled.`;
}

/** `<type>_enabled` of the request: optional, a missing one keeps what is stored. */
function EnabledInput(type: AthleteServiceType): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional({ type: Boolean, description: `Whether ${SERVICE_LABELS[type].toLowerCase()} is offered.` }), Omittable(), IsBoolean());
}

/** `<type>_rate` of the request, in dollars with at most cents. */
function RateInput(type: AthleteServiceType): PropertyDecorator {
  const { min, max } = SERVICE_RATE_LIMITS[type];
  return applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: min, maximum: max, description: rateDescription(type) }),
    Omittable(),
    IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message: MESSAGES.enterValidAmount }),
  );
}

function EnabledOutput(type: AthleteServiceType): PropertyDecorator {
  return ApiProperty({ type: Boolean, description: `Whether ${SERVICE_LABELS[type].toLowerCase()} is offered.` });
}

function RateOutput(type: AthleteServiceType): PropertyDecorator {
  return ApiProperty({ type: Number, description: rateDescription(type) });
}

/** PUT /athlete/services, and athlete_info.athlete_services of the registration wizard. */
export class AthleteServicesInput {
  @ApiPropertyOptional({ description: APPEARANCE_TYPE_DESCRIPTION, example: 'SING,VISIT_CHURCHES' })
  @Omittable()
  @IsString()
  @MaxLength(100)
  appearance_type?: string;

  @EnabledInput('personal_appearance') personal_appearance_enabled?: boolean;
  @RateInput('personal_appearance') personal_appearance_rate?: number;
  @EnabledInput('speaking_engagement') speaking_engagement_enabled?: boolean;
  @RateInput('speaking_engagement') speaking_engagement_rate?: number;
  @EnabledInput('training_session') training_session_enabled?: boolean;
  @RateInput('training_session') training_session_rate?: number;
  @EnabledInput('endorsement') endorsement_enabled?: boolean;
  @RateInput('endorsement') endorsement_rate?: number;
  @EnabledInput('video_chat') video_chat_enabled?: boolean;
  @RateInput('video_chat') video_chat_rate?: number;
  @EnabledInput('shoutout') shoutout_enabled?: boolean;
  @RateInput('shoutout') shoutout_rate?: number;
  @EnabledInput('camp') camp_enabled?: boolean;
  @RateInput('camp') camp_rate?: number;
}

/** athlete_services as the API answers it: every service with its flag and its rate in dollars. */
export class AthleteServicesDto {
  @ApiProperty({ description: APPEARANCE_TYPE_DESCRIPTION, example: 'SING,VISIT_CHURCHES' })
  appearance_type!: string;

  @EnabledOutput('personal_appearance') personal_appearance_enabled!: boolean;
  @RateOutput('personal_appearance') personal_appearance_rate!: number;
  @EnabledOutput('speaking_engagement') speaking_engagement_enabled!: boolean;
  @RateOutput('speaking_engagement') speaking_engagement_rate!: number;
  @EnabledOutput('training_session') training_session_enabled!: boolean;
  @RateOutput('training_session') training_session_rate!: number;
  @EnabledOutput('endorsement') endorsement_enabled!: boolean;
  @RateOutput('endorsement') endorsement_rate!: number;
  @EnabledOutput('video_chat') video_chat_enabled!: boolean;
  @RateOutput('video_chat') video_chat_rate!: number;
  @EnabledOutput('shoutout') shoutout_enabled!: boolean;
  @RateOutput('shoutout') shoutout_rate!: number;
  @EnabledOutput('camp') camp_enabled!: boolean;
  @RateOutput('camp') camp_rate!: number;
}

export class AthleteServicesPayload {
  @ApiProperty({ type: () => AthleteServicesDto })
  athlete_services!: AthleteServicesDto;
}
