import { ApiProperty } from '@nestjs/swagger';

const COUNTS = { type: 'object', additionalProperties: { type: 'number' } } as const;

/** GET /admin/counters (libs/domain's adminCounters): counts, and money in dollars. */
export class AdminCountersPayload {
  @ApiProperty({ ...COUNTS, description: "Live accounts by user type ('1'..'4'); deleted accounts are not counted." })
  users_by_type!: Record<string, number>;

  @ApiProperty({ ...COUNTS, description: "Incomplete profiles by user type ('1'..'3')." })
  uncompleted_profiles_by_type!: Record<string, number>;

  @ApiProperty({ ...COUNTS, description: "Paid requests by status ('1'..'6')." })
  requests_by_status!: Record<string, number>;

  @ApiProperty({ description: 'Paid requests (a campaign counts each of its requests).' })
  requests_total!: number;

  @ApiProperty({ description: 'Dollars of paid requests pending, accepted, pending review or in progress.' })
  paid_pending_total!: number;

  @ApiProperty({ ...COUNTS, description: "paid_pending_total by request type (a campaign's requests as endorsements)." })
  paid_pending_by_request_type!: Record<string, number>;

  @ApiProperty({ ...COUNTS, description: "Paid requests by type, a campaign's requests as endorsements; endorsement_campaign counts paid campaigns." })
  requests_by_type!: Record<string, number>;
}
