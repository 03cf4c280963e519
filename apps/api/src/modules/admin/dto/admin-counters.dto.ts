import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { MESSAGES } from '@huddle/domain';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** GET /admin/counters?period= (or from/to): the period the request counts and the money cover. */
export class AdminCountersQuery {
  @ApiPropertyOptional({ enum: ['all', '30d', '90d', '365d'], description: "'all' (the default) or the last 30, 90 or 365 days; not with from/to." })
  @IsOptional()
  @IsIn(['all', '30d', '90d', '365d'], { message: MESSAGES.unknownChoice })
  period?: 'all' | '30d' | '90d' | '365d';

  @ApiPropertyOptional({ description: 'First day counted (YYYY-MM-DD, UTC), included.' })
  @IsOptional()
  @Matches(DATE, { message: 'Must be a date (YYYY-MM-DD)' })
  from?: string;

  @ApiPropertyOptional({ description: 'Last day counted (YYYY-MM-DD, UTC), included.' })
  @IsOptional()
  @Matches(DATE, { message: 'Must be a date (YYYY-MM-DD)' })
  to?: string;
}

export class AdminCountersPeriodDto {
  @ApiProperty({ type: Number, nullable: true, description: 'Start (unix seconds), included; null for no start.' })
  from!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'End (unix seconds), excluded; null for up to now.' })
  to!: number | null;
}

/** The ledger's money moved in the period, in dollars. */
export class AdminMoneyTotalsDto {
  @ApiProperty({ description: 'Captured from cards into the platform.' }) captured!: number;
  @ApiProperty({ description: "The platform's fees, net of refunded ones." }) fees!: number;
  @ApiProperty({ description: 'Refunded to payers (refunds and returned campaign shares).' }) refunded!: number;
  @ApiProperty({ description: 'Paid out to athletes, net of payouts returned.' }) paid_out!: number;
  @ApiProperty({ description: "Owed to athletes by the period's movements (earned less refunded and paid out)." }) payable!: number;
}

const COUNTS = { type: 'object', additionalProperties: { type: 'number' } } as const;

/** GET /admin/counters (libs/domain's adminCounters): counts, and money in dollars, for a period. */
export class AdminCountersPayload {
  @ApiProperty({ ...COUNTS, description: "Live accounts by user type ('1'..'4'); deleted accounts are not counted." })
  users_by_type!: Record<string, number>;

  @ApiProperty({ ...COUNTS, description: "Incomplete profiles by user type ('1'..'3')." })
  uncompleted_profiles_by_type!: Record<string, number>;

  @ApiProperty({ ...COUNTS, description: "Paid requests created in the period by status ('1'..'6')." })
  requests_by_status!: Record<string, number>;

  @ApiProperty({ description: 'Paid requests (a campaign counts each of its requests).' })
  requests_total!: number;

  @ApiProperty({ description: 'Dollars of paid requests pending, accepted, pending review or in progress.' })
  paid_pending_total!: number;

  @ApiProperty({ ...COUNTS, description: "paid_pending_total by request type (a campaign's requests as endorsements)." })
  paid_pending_by_request_type!: Record<string, number>;

  @ApiProperty({ ...COUNTS, description: "Paid requests by type, a campaign's requests as endorsements; endorsement_campaign counts paid campaigns." })
  requests_by_type!: Record<string, number>;

  @ApiProperty({ type: () => AdminCountersPeriodDto, description: 'The period the request counts and the money cover (users are always totals).' })
  period!: AdminCountersPeriodDto;

  @ApiProperty({ type: () => AdminMoneyTotalsDto })
  money!: AdminMoneyTotalsDto;
}
