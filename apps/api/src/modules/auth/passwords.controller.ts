import { Body, Controller, Delete, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { EmptyPayload } from '../../common/http/empty.payload';
import { Public } from '../../common/access/access.decorators';
import { ConfirmPasswordResetDto, RequestPasswordResetDto } from './dto/password-reset.dto';
import { PasswordResetService } from './password-reset.service';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

@ApiTags('auth')
@Controller('user/accounts/passwords')
export class PasswordsController {
  constructor(private readonly resets: PasswordResetService) {}

  @Delete()
  @HttpCode(HttpStatus.OK)
  @Public()
  @RateLimit('passwordResetRequest')
  @ApiConsumes(...FORM_OR_JSON)
  @ApiOperation({
    summary: 'Request a password reset: emails a 6-digit code valid for 10 minutes. Always 200, whether or not the email has an account.',
  })
  @ApiOkEnvelope(EmptyPayload)
  async requestReset(@Body() body: RequestPasswordResetDto): Promise<EmptyPayload> {
    await this.resets.request(body.email);
    return {};
  }

  @Post()
  @HttpCode(HttpStatus.OK)
  @Public()
  @RateLimit('passwordResetConfirm')
  @ApiConsumes(...FORM_OR_JSON)
  @ApiOperation({ summary: 'Set a new password with the emailed code; signs the account out everywhere. 12001 for a wrong, expired, used or exhausted code.' })
  @ApiOkEnvelope(EmptyPayload)
  async confirmReset(@Body() body: ConfirmPasswordResetDto): Promise<EmptyPayload> {
    await this.resets.confirm(body.email, body.verificationCode, body.password);
    return {};
  }
}
