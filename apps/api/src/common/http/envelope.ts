import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { StatusResponse } from '@huddle/domain';

export const OK_MESSAGE = 'OK';
export const OK_INTERNAL_CODE = 0;

export class StatusResponseDto implements StatusResponse {
  @ApiProperty({ description: 'HTTP status of the reply.', example: 200 })
  status!: number;

  @ApiProperty({ description: "'OK' on success, otherwise the message to show.", example: 'OK' })
  response_message!: string;

  @ApiProperty({ description: '0 on success, otherwise the internal error code (spec §8).', example: 0 })
  response_internal_code!: number;
}

/** Every successful reply carries status_response next to the resource's own fields. */
export class OkEnvelope {
  @ApiProperty({ type: () => StatusResponseDto })
  status_response!: StatusResponseDto;
}

export class ErrorResponse {
  @ApiProperty({ type: () => StatusResponseDto })
  status_response!: StatusResponseDto;

  @ApiPropertyOptional({
    description: 'Per-field messages, keyed by request field name.',
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { email: 'This field is required' },
  })
  errors?: Record<string, string>;
}

export function statusResponse(status: number, message: string, internalCode: number): StatusResponseDto {
  return { status, response_message: message, response_internal_code: internalCode };
}
