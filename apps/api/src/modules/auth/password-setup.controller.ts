import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/access/access.decorators';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { EmptyPayload } from '../../common/http/empty.payload';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { SetPasswordDto } from './dto/password-set.dto';
import { PasswordSetupService } from './password-setup.service';

/** The first password of an account an administrator added, from the emailed link (issue 22). */
@ApiTags('auth')
@Controller('user/accounts')
export class PasswordSetupController {
  constructor(private readonly setup: PasswordSetupService) {}

  @Post('password-set')
  @HttpCode(HttpStatus.OK)
  @Public()
  // Guessing tokens is guessing reset codes, only harder: the same per-address limit.
  @RateLimit('passwordResetConfirm')
  @ApiOperation({ summary: 'Sets the password of an account added by an administrator, once, with the token of its emailed link (72 hours). 1400 for a wrong, used or expired link.' })
  @ApiOkEnvelope(EmptyPayload)
  async setPassword(@Body() body: SetPasswordDto): Promise<EmptyPayload> {
    await this.setup.setPassword(body.token, body.password);
    return {};
  }
}
