import { Body, Controller, HttpCode, HttpStatus, Post, Res } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { Public } from '../../common/access/access.decorators';
import { AccountProfileService } from '../accounts/account-profile.service';
import { SignedInPayload } from '../accounts/dto/account.dto';
import { CredentialsService } from './credentials.service';
import type { SignedInAccount } from './credentials.service';
import { SignInDto, SignUpDto } from './dto/credentials.dto';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { SessionCookie } from './session-cookie';

/**
 * Sign-up and sign-in over HTTP. The answer is the full account, which the accounts module
 * presents (AccountProfileService): auth depends on accounts, never the other way round.
 */
@ApiTags('auth')
@Controller('user')
export class CredentialsController {
  constructor(
    private readonly credentials: CredentialsService,
    private readonly profiles: AccountProfileService,
    private readonly cookie: SessionCookie,
  ) {}

  @Post('email-verifications')
  @Public()
  @RateLimit('signUp')
  @ApiOperation({ summary: 'Sign up with email, password and phone: creates an incomplete account (role user_type + 10) and signs it in. 208 when the email is taken.' })
  @ApiOkEnvelope(SignedInPayload, HttpStatus.CREATED)
  async signUp(@Body() body: SignUpDto, @Res({ passthrough: true }) response: FastifyReply): Promise<SignedInPayload> {
    const signedIn = await this.credentials.signUp({ userType: body.user_type, email: body.email, password: body.password, phone: body.phone });
    return this.answer(signedIn, response);
  }

  @Post('sign-ins')
  @HttpCode(HttpStatus.OK)
  @Public()
  @RateLimit('signIn')
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiOperation({ summary: 'Sign in with email and password (a form). 205 for wrong credentials or a deleted account, 1403 for a blocked one.' })
  @ApiOkEnvelope(SignedInPayload)
  async signIn(@Body() body: SignInDto, @Res({ passthrough: true }) response: FastifyReply): Promise<SignedInPayload> {
    return this.answer(await this.credentials.signIn(body.email, body.password), response);
  }

  private async answer(signedIn: SignedInAccount, response: FastifyReply): Promise<SignedInPayload> {
    this.cookie.issue(response, signedIn.token, signedIn.session.expiresAt);
    return { account: await this.profiles.viewById(signedIn.account.id), session_token: signedIn.token };
  }
}
