import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { CARD_PROVIDERS } from '../card-provider';
import type { CardProviderName } from '../card-provider';
import { SANDBOX_PROVIDER_EVENTS } from '../sandbox-card-provider';
import type { SandboxProviderEvent } from '../sandbox-card-provider';

/** The sandbox card form: Stripe's test numbers behave as in Stripe's test mode. */
export class SandboxConfirmInput {
  @ApiProperty({ description: 'The client secret of the payment intent (from POST /payments/payment-sheet).' })
  @IsString()
  @MaxLength(200)
  client_secret!: string;

  @ApiProperty({ example: '4242 4242 4242 4242' })
  @IsString()
  @Matches(/^[\d -]{12,23}$/, { message: 'Your card number is incorrect.' })
  card_number!: string;

  @ApiProperty({ minimum: 1, maximum: 12, example: 12 })
  @IsInt({ message: "Your card's expiration date is incorrect." })
  @Min(1, { message: "Your card's expiration date is incorrect." })
  @Max(12, { message: "Your card's expiration date is incorrect." })
  exp_month!: number;

  @ApiProperty({ description: 'Two or four digits.', example: 34 })
  @IsInt({ message: "Your card's expiration date is incorrect." })
  @Min(0, { message: "Your card's expiration date is incorrect." })
  @Max(2200, { message: "Your card's expiration date is incorrect." })
  exp_year!: number;

  @ApiProperty({ example: '123' })
  @IsString()
  @Matches(/^\d{3,4}$/, { message: "Your card's security code is incorrect." })
  cvc!: string;
}

export class SandboxAuthenticateInput {
  @ApiProperty()
  @IsString()
  @MaxLength(200)
  client_secret!: string;

  @ApiProperty({ description: 'true completes the authentication step, false fails it.' })
  @IsBoolean()
  approve!: boolean;
}

export class SandboxSaveCardInput {
  @ApiProperty({ example: '4242 4242 4242 4242' })
  @IsString()
  @Matches(/^[\d -]{12,23}$/, { message: 'Your card number is incorrect.' })
  card_number!: string;

  @ApiProperty({ minimum: 1, maximum: 12 })
  @IsInt()
  @Min(1)
  @Max(12)
  exp_month!: number;

  @ApiProperty()
  @IsInt()
  @Min(0)
  @Max(2200)
  exp_year!: number;

  @ApiProperty()
  @IsString()
  @Matches(/^\d{3,4}$/, { message: "Your card's security code is incorrect." })
  cvc!: string;
}

export class SandboxConfirmPayload {
  @ApiProperty({ enum: ['requires_payment_method', 'requires_action', 'requires_capture', 'canceled', 'succeeded', 'requires_confirmation', 'processing'] })
  status!: string;

  @ApiProperty({ type: String, nullable: true, description: "The provider's message when the card was refused." })
  message!: string | null;
}

export class ClientSecretDto {
  @ApiProperty()
  client_secret!: string;
}

export class SetupIntentPayload {
  @ApiProperty({ type: ClientSecretDto })
  setup_intent!: ClientSecretDto;

  @ApiProperty({ enum: CARD_PROVIDERS })
  provider!: CardProviderName;

  @ApiProperty({ type: String, nullable: true })
  publishable_key!: string | null;
}

export class SavedCardDto {
  @ApiProperty()
  id!: string;

  @ApiProperty({ example: 'visa' })
  brand!: string;

  @ApiProperty({ example: '4242' })
  last4!: string;

  @ApiProperty()
  exp_month!: number;

  @ApiProperty()
  exp_year!: number;
}

export class PaymentMethodsPayload {
  @ApiProperty({ type: [SavedCardDto] })
  payment_methods!: SavedCardDto[];
}

export class SavedCardPayload {
  @ApiPropertyOptional({ type: SavedCardDto, nullable: true })
  payment_method!: SavedCardDto | null;

  @ApiProperty({ type: String, nullable: true })
  message!: string | null;
}

export class WebhookReceivedPayload {
  @ApiProperty()
  received!: boolean;
}

export class SandboxProviderEventInput {
  @ApiProperty({ format: 'uuid', description: 'The request (or campaign) whose payment the event is about; for transfer_reversed and payout_failed, the payout item.' })
  @IsUUID('all', { message: 'Payment not found' })
  subject_id!: string;

  @ApiProperty({ enum: SANDBOX_PROVIDER_EVENTS })
  @IsIn(SANDBOX_PROVIDER_EVENTS, { message: 'Unknown event' })
  event!: SandboxProviderEvent;
}

export class SandboxProviderEventPayload {
  @ApiProperty({ description: "The provider event it was reported as (Stripe's type)." })
  type!: string;
}
