import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsIn, IsNumber, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { MESSAGES } from '@huddle/domain';
import { PAYOUT_ACCOUNT_STATES, PAYOUT_ITEM_STATUSES, PAYOUT_MESSAGES, REQUEST_PAYOUT_STATUSES } from '@huddle/domain/payouts';
import type { PayoutAccountState, PayoutItemStatus, RequestPayoutStatus } from '@huddle/domain/payouts';
import { Omittable, Trim } from '../../dto-rules';
import { PageQuery } from '../../page.query';

// One payout to one athlete is at most what one card charge can be ($999,999.99).
const MAX_PAYOUT_DOLLARS = 999_999.99;
// A payout pays at most one page of candidates at a time, and then some.
const MAX_ITEMS = 100;

/** One line of the payout form: who, how much (dollars), and where the administrator saw them reachable. */
export class PayoutItemInput {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: MESSAGES.athleteNotFound.title })
  athlete_id!: string;

  @ApiProperty({ description: 'Dollars, at most two decimals; 0 leaves the athlete out of this payout.', example: 80 })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message: PAYOUT_MESSAGES.enterValidAmount })
  @Min(0, { message: PAYOUT_MESSAGES.negativeAmount })
  @Max(MAX_PAYOUT_DOLLARS, { message: PAYOUT_MESSAGES.enterValidAmount })
  amount!: number;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'The receiver email the administrator saw (kept with the item).' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(254)
  @Matches(/^$|^[^\s@]+@[^\s@]+$/, { message: MESSAGES.emailInvalid })
  email?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'The receiver phone the administrator saw (kept with the item).' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(32)
  @Matches(/^$|^\+?[\d ()-]{7,20}$/, { message: MESSAGES.phoneIncorrect })
  phone?: string | null;
}

export class PayoutSendInput {
  @ApiProperty({ type: () => [PayoutItemInput] })
  @IsDefined({ message: PAYOUT_MESSAGES.chooseAthlete })
  @IsArray({ message: PAYOUT_MESSAGES.chooseAthlete })
  @ArrayMinSize(1, { message: PAYOUT_MESSAGES.chooseAthlete })
  @ArrayMaxSize(MAX_ITEMS, { message: `At most ${MAX_ITEMS} athletes can be paid at once` })
  @ValidateNested({ each: true })
  @Type(() => PayoutItemInput)
  payout_items!: PayoutItemInput[];

  @ApiPropertyOptional({ description: "The confirmation's key (or the Idempotency-Key header): a repeat answers the payout it made." })
  @Omittable()
  @IsString()
  @Matches(/^[A-Za-z0-9:_-]{8,100}$/, { message: 'The confirmation key is not valid' })
  idempotency_key?: string;
}

export class PayoutStatusInput {
  @ApiProperty({ format: 'uuid', description: 'The request.' })
  @IsUUID('all', { message: MESSAGES.requestNotFound.title })
  id!: string;

  @ApiProperty({ enum: ['paid'] })
  @IsIn(['paid'], { message: PAYOUT_MESSAGES.chooseStatus })
  status!: 'paid';
}

export class SentPayoutsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @Omittable()
  @IsIn(['asc', 'desc'], { message: 'Order must be asc or desc' })
  order?: 'asc' | 'desc';
}

export class PayoutCandidateDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ nullable: true, type: String }) first_name!: string | null;
  @ApiProperty({ nullable: true, type: String }) last_name!: string | null;
  @ApiProperty({ nullable: true, type: String }) mobile!: string | null;
  @ApiProperty({ nullable: true, type: String }) email!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Unix seconds of the last payout item not given back.' }) last_payment_date!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Dollars.' }) last_payment_amount!: number | null;
  @ApiProperty({ description: 'Dollars payable for longer than PAYOUT_DUE_DAYS.' }) past_due!: number;
  @ApiProperty({ description: 'Dollars: the rest of what is payable.' }) current_due!: number;
  @ApiProperty({ description: 'Dollars: past_due + current_due, the most this athlete can be paid now.' }) payable!: number;
  @ApiProperty({ description: 'The payout account can take a transfer.' }) payout_ready!: boolean;
  @ApiProperty({ enum: PAYOUT_ACCOUNT_STATES }) payout_account_state!: PayoutAccountState;
  @ApiProperty({ nullable: true, type: String, description: 'Why the athlete cannot be paid yet.' }) payout_blocked_reason!: string | null;
}

export class PayoutListPayload {
  @ApiProperty({ type: () => [PayoutCandidateDto] }) athletes_for_payout!: PayoutCandidateDto[];
  @ApiProperty() total!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}

export class SentPayoutItemDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) athlete_id!: string;
  @ApiProperty() athlete_name!: string;
  @ApiProperty({ nullable: true, type: String, description: 'The email (or phone) the payout was addressed to.' }) receiver!: string | null;
  @ApiProperty({ nullable: true, type: String }) athlete_email!: string | null;
  @ApiProperty({ description: 'Unix seconds.' }) created_at!: number;
  @ApiProperty({ description: 'Dollars.' }) amount!: number;
  @ApiProperty({ description: 'Dollars the provider transferred of it (less than amount when a part was refused, held back or reversed).' }) sent_amount!: number;
  @ApiProperty({ enum: PAYOUT_ITEM_STATUSES }) status!: PayoutItemStatus;
}

export class SentPayoutDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: "The payout provider's id of the payout (Stripe: the transfer group)." }) provider_payout_id!: string;
  @ApiProperty({ description: 'Unix seconds.' }) created_at!: number;
  @ApiProperty({ description: 'Dollars.' }) total_amount!: number;
  @ApiProperty({ type: () => [SentPayoutItemDto] }) items_view!: SentPayoutItemDto[];
}

export class PayoutSentPayload {
  @ApiProperty({ type: () => SentPayoutDto }) payout!: SentPayoutDto;
  @ApiProperty({ example: 'Payout sent' }) message!: string;
}

export class SentPayoutListPayload {
  @ApiProperty({ type: () => [SentPayoutDto] }) payouts!: SentPayoutDto[];
  @ApiProperty() total!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}

export class PayoutStatusPayload {
  @ApiProperty({ format: 'uuid' }) request_id!: string;
  @ApiProperty({ enum: REQUEST_PAYOUT_STATUSES }) payout_status!: RequestPayoutStatus;
  @ApiProperty({ example: 'Status has been changed' }) message!: string;
}

export class PayoutAccountDto {
  @ApiProperty({ enum: PAYOUT_ACCOUNT_STATES }) state!: PayoutAccountState;
  @ApiProperty({ example: 'Payouts ready' }) line!: string;
  @ApiProperty({ enum: ['sandbox', 'stripe'] }) provider!: string;
  @ApiProperty({ type: [String], description: 'What the provider still asks for.' }) requirements!: string[];
  @ApiProperty() payouts_enabled!: boolean;
  @ApiProperty() details_submitted!: boolean;
  @ApiProperty({ nullable: true, type: Number, description: 'Unix seconds.' }) updated_at!: number | null;
}

export class PayoutAccountPayload {
  @ApiProperty({ type: () => PayoutAccountDto }) account!: PayoutAccountDto;
}

export class PayoutOnboardingPayload {
  @ApiProperty({ type: () => PayoutAccountDto }) account!: PayoutAccountDto;
  @ApiProperty({ description: "The provider's onboarding page (one use); it sends the browser back to /settings/payouts." }) onboarding_url!: string;
  @ApiProperty({ description: 'Unix seconds.' }) expires_at!: number;
}

export class PaidRequestDto {
  @ApiProperty({ format: 'uuid' }) request_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() type!: string;
  @ApiProperty({ description: 'Dollars of this request paid by the payout.' }) amount!: number;
}

export class AthletePayoutDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'Dollars.' }) amount!: number;
  @ApiProperty({ description: 'Dollars the provider transferred of it (less than amount when a part was refused, held back or reversed).' }) sent_amount!: number;
  @ApiProperty({ enum: PAYOUT_ITEM_STATUSES }) status!: PayoutItemStatus;
  @ApiProperty({ description: 'Unix seconds.' }) created_at!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Unix seconds.' }) sent_at!: number | null;
  @ApiProperty({ type: () => [PaidRequestDto] }) requests!: PaidRequestDto[];
}

export class PayoutSummaryPayload {
  @ApiProperty({ description: 'Dollars captured for requests not finished yet.' }) owed!: number;
  @ApiProperty({ description: 'Dollars of finished requests held by an open dispute.' }) held!: number;
  @ApiProperty({ description: 'Dollars Huddle can pay now.' }) payable!: number;
  @ApiProperty({ description: 'Dollars payable for longer than PAYOUT_DUE_DAYS.' }) past_due!: number;
  @ApiProperty({ description: 'Dollars: the rest of what is payable.' }) current_due!: number;
  @ApiProperty({ description: 'Dollars of payouts sent and not yet confirmed by the provider.' }) on_its_way!: number;
  @ApiProperty({ description: 'Dollars paid out.' }) paid!: number;
  @ApiProperty({ type: () => [AthletePayoutDto] }) payouts!: AthletePayoutDto[];
}
