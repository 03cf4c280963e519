import { Body, Controller, Get, Module, Post, Req, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { IsEmail, IsNotEmpty, IsOptional, Length, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { ErrorCode, MESSAGES } from '@huddle/domain';
import { DomainError } from '../../src/common/errors/domain-error';
import { Public, Roles } from '../../src/common/access/access.decorators';
import type { AuthenticatedAccount, AuthenticatedRequest } from '../../src/common/access/authenticated-account';
import { CurrentAccount } from '../../src/common/access/current-account.decorator';

export const LEAKY_ERROR_TEXT = 'connection to db-primary.internal:5432 refused';

class ProbeAddress {
  @IsNotEmpty({ message: MESSAGES.required })
  city!: string;
}

class ProbeBody {
  @IsEmail({}, { message: MESSAGES.emailInvalid })
  @IsNotEmpty({ message: MESSAGES.emailRequired })
  email!: string;

  @IsNotEmpty({ message: MESSAGES.required })
  first_name!: string;

  @IsOptional()
  @Length(3, 36, { message: MESSAGES.usernameInvalid })
  username?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => ProbeAddress)
  address?: ProbeAddress;
}

/** Routes that exist only in tests, to drive the real pipeline into each of its branches. */
@Controller('probe')
class ProbeController {
  @Post('echo')
  @Public()
  echo(@Body() body: ProbeBody): { received: ProbeBody } {
    return { received: body };
  }

  @Get('domain-error')
  @Public()
  domainError(): never {
    throw new DomainError(ErrorCode.EmailTaken, undefined, { email: 'Email is taken already' });
  }

  @Get('crash')
  @Public()
  crash(): never {
    throw new Error(LEAKY_ERROR_TEXT);
  }

  @Get('throttled')
  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 1, ttl: 60_000 } })
  throttled(): { ok: true } {
    return { ok: true };
  }

  @Get('whoami')
  @Public()
  whoami(@Req() request: AuthenticatedRequest): { role: number | null } {
    return { role: request.auth?.account.role ?? null };
  }

  @Get('undeclared')
  undeclared(): { reached: true } {
    return { reached: true };
  }

  @Get('athletes')
  @Roles(2)
  athletes(@CurrentAccount() account: AuthenticatedAccount): { id: string } {
    return { id: account.id };
  }

  @Get('requesters')
  @Roles(1, 3)
  requesters(): { reached: true } {
    return { reached: true };
  }

  @Get('wizard')
  @Roles(11, 12, 13)
  wizard(): { reached: true } {
    return { reached: true };
  }

  @Get('admin')
  @Roles(4)
  admin(): { reached: true } {
    return { reached: true };
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
