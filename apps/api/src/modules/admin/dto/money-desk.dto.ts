import { ApiProperty } from '@nestjs/swagger';
import { IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { MONEY_INCIDENT_KINDS } from '@huddle/domain';

export class LedgerBalancesDto {
  @ApiProperty({ description: 'Dollars held on cards, not yet charged.' }) holds!: number;
  @ApiProperty({ description: "Dollars in the platform's account." }) cash!: number;
  @ApiProperty({ description: "Campaign money charged but not yet split (an athlete has not answered)." }) unallocated!: number;
  @ApiProperty() platform_fees!: number;
  @ApiProperty({ description: 'Dollars owed to athletes, all athletes together.' }) athlete_payable!: number;
  @ApiProperty({ description: 'Dollars sent to athletes, net of transfers that came back.' }) paid_out!: number;
  @ApiProperty() disputed_funds!: number;
  @ApiProperty() dispute_losses!: number;
}

export class MoneyIncidentDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: MONEY_INCIDENT_KINDS }) kind!: string;
  @ApiProperty() label!: string;
  @ApiProperty() subject_type!: string;
  @ApiProperty() subject_id!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Dollars.' }) amount!: number | null;
  @ApiProperty() message!: string;
  @ApiProperty({ description: 'Unix seconds.' }) created_at!: number;
  @ApiProperty({ enum: ['open', 'resolved'] }) status!: string;
  @ApiProperty({ type: String, nullable: true }) resolution!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The console's page of its subject." }) link!: string | null;
}

export class DisputeDto {
  @ApiProperty() id!: string;
  @ApiProperty() subject_id!: string;
  @ApiProperty({ description: 'Dollars.' }) amount!: number;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
  @ApiProperty() status!: string;
  @ApiProperty({ type: Number, nullable: true }) evidence_due_by!: number | null;
  @ApiProperty() created_at!: number;
  @ApiProperty({ type: String, nullable: true }) link!: string | null;
}

export class DeadMoneyJobDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() label!: string;
  @ApiProperty({ type: String, nullable: true }) subject_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ type: Number, nullable: true }) failed_at!: number | null;
  @ApiProperty() retry_count!: number;
}

export class FlaggedRequestDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() type!: string;
  @ApiProperty() athlete_name!: string;
  @ApiProperty() requester_name!: string;
  @ApiProperty() flagged_at!: number;
}

export class ReconciliationDto {
  @ApiProperty() ran_at!: number;
  @ApiProperty() checked!: number;
  @ApiProperty() differences!: number;
  @ApiProperty() balanced!: boolean;
}

export class MoneyDeskPayload {
  @ApiProperty({ type: LedgerBalancesDto }) balances!: LedgerBalancesDto;
  @ApiProperty({ type: [MoneyIncidentDto] }) incidents!: MoneyIncidentDto[];
  @ApiProperty({ type: [DisputeDto] }) disputes!: DisputeDto[];
  @ApiProperty({ type: [DeadMoneyJobDto] }) dead_jobs!: DeadMoneyJobDto[];
  @ApiProperty({ type: [FlaggedRequestDto] }) flagged_requests!: FlaggedRequestDto[];
  @ApiProperty({ type: ReconciliationDto, nullable: true, description: "The last reconciliation of payments (intents, refunds, the ledger's balance)." })
  reconciliation!: ReconciliationDto | null;
  @ApiProperty({ type: ReconciliationDto, nullable: true, description: "The last reconciliation of payout transfers (each transfer against the provider's and the ledger)." })
  transfer_reconciliation!: ReconciliationDto | null;
}

export class ResolveIncidentInput {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'Incident not found' })
  id!: string;

  @ApiProperty({ description: 'What was done about it.', maxLength: 500 })
  @IsString({ message: 'This field is required' })
  @MinLength(1, { message: 'This field is required' })
  @MaxLength(500, { message: 'At most 500 characters' })
  resolution!: string;
}

export class ResolvedIncidentPayload {
  @ApiProperty({ type: MoneyIncidentDto }) incident!: MoneyIncidentDto;
}

export class RetryJobInput {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'Job not found' })
  id!: string;
}

export class RetriedJobPayload {
  @ApiProperty() retried!: boolean;
}
