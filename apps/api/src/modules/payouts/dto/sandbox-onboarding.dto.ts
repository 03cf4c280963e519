import { IsIn, IsString, MaxLength } from 'class-validator';
import { Omittable } from '../../dto-rules';

export class SandboxOnboardingQuery {
  @IsString()
  @MaxLength(100)
  token!: string;
}

export class SandboxOnboardingBody {
  @IsString()
  @MaxLength(100)
  token!: string;

  @Omittable()
  @IsIn(['yes', 'no'])
  bank_account?: 'yes' | 'no';
}
