import { Body, Controller, Get, HttpStatus, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, isValidEmail, MESSAGES } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { AppConfig } from '../../config/app-config';
import { AuthErrors } from './auth.errors';
import { BusinessIdentityProvider } from './business-identity.provider';
import { NONCE_COOKIE_PATH, SANDBOX_PAGE_PATH } from './business-auth.paths';
import { BusinessSignInService, SIGN_IN_STATE_TTL_MS } from './business-sign-in.service';
import { Public } from '../../common/access/access.decorators';
import { BusinessCallbackQuery, BusinessProviderPayload, BusinessSignInOriginQuery, SandboxAuthorizeBody, StartBusinessSignInQuery } from './dto/business-auth.dto';
import { SandboxBusinessProvider } from './sandbox-business.provider';
import { renderSandboxSignInPage } from './sandbox-sign-in.page';
import { SessionCookie } from './session-cookie';
import { UnavailableBusinessProvider } from './unavailable-business.provider';

/** Ties a callback to the browser that started the sign-in (see BusinessSignInService). */
const NONCE_COOKIE = 'huddle_business_sign_in';

// The sandbox page needs nothing but its own inline styles, and no one may frame it.
const SANDBOX_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

@ApiTags('auth')
@Controller('user/auth')
export class BusinessAuthController {
  constructor(
    private readonly signIn: BusinessSignInService,
    private readonly provider: BusinessIdentityProvider,
    private readonly cookie: SessionCookie,
    private readonly config: AppConfig,
  ) {}

  @Get('business')
  @Public()
  @ApiOperation({
    summary:
      "Business sign-in: redirects to the provider's sign-in page (Facebook, or the embedded sandbox page where allowed); 1503 when business sign-in is not available here.",
  })
  @ApiFoundResponse({ description: "Redirect to the provider's authorize page." })
  start(@Query() query: StartBusinessSignInQuery, @Res() response: FastifyReply): void {
    const { providerUrl, nonce } = this.signIn.start(query.state, query.origin);
    // @fastify/cookie takes Max-Age in seconds.
    response.setCookie(NONCE_COOKIE, nonce, { ...this.nonceCookieOptions(), maxAge: Math.floor(SIGN_IN_STATE_TTL_MS / 1000) });
    void response.redirect(providerUrl, HttpStatus.FOUND);
  }

  @Get('business/provider')
  @Public()
  @ApiOperation({
    summary:
      "Whether business sign-in works here and through whom; the shell asks before sending the browser away. 1503 'Business sign-in is not available on this server' when neither Facebook nor the sandbox is configured; 1400 (field origin) when the sign-in could not come back to the given origin.",
  })
  @ApiOkEnvelope(BusinessProviderPayload)
  providerInUse(@Query() query: BusinessSignInOriginQuery): BusinessProviderPayload {
    if (this.provider instanceof UnavailableBusinessProvider) throw AuthErrors.businessSignInUnavailable();
    // The shell asks with its origin, so an origin the sign-in could not come back to is refused before the browser leaves.
    this.signIn.checkOrigin(query.origin);
    return { provider: this.provider.name };
  }

  @Get('business/callback')
  @Public()
  @ApiOperation({
    summary:
      'Where the provider sends the browser back: signs in (or creates an incomplete business), sets the session cookie and redirects to the app: /signup while incomplete, /dashboard when complete, /login?error=12002 for a regular account.',
  })
  @ApiFoundResponse({ description: 'Redirect to the app.' })
  async callback(@Query() query: BusinessCallbackQuery, @Req() request: FastifyRequest, @Res() response: FastifyReply): Promise<void> {
    const nonce: unknown = request.cookies?.[NONCE_COOKIE];
    const finished = await this.signIn.finish({ ...query, nonce: typeof nonce === 'string' ? nonce : undefined });
    response.clearCookie(NONCE_COOKIE, this.nonceCookieOptions());
    if (finished.session) this.cookie.issue(response, finished.session.token, finished.session.expiresAt);
    void response.redirect(finished.redirectUrl, HttpStatus.FOUND);
  }

  @Get('sandbox')
  @Public()
  @ApiExcludeEndpoint()
  sandboxPage(@Query() query: StartBusinessSignInQuery, @Res() response: FastifyReply): void {
    this.sandbox();
    if (!query.state) throw new DomainError(ErrorCode.ValidationFailed, MESSAGES.required, { state: MESSAGES.required });
    this.sendPage(response, HttpStatus.OK, { state: query.state });
  }

  @Post('sandbox/authorize')
  @Public()
  @ApiExcludeEndpoint()
  sandboxAuthorize(@Body() body: SandboxAuthorizeBody, @Res() response: FastifyReply): void {
    const sandbox = this.sandbox();
    if (!body.state) throw new DomainError(ErrorCode.ValidationFailed, MESSAGES.required, { state: MESSAGES.required });
    const name = body.name?.trim() ?? '';
    const email = body.email?.trim() ?? '';
    const accountType = body.account_type;
    if (!name || !email || !accountType || !isValidEmail(email)) {
      const error = name && email && accountType ? MESSAGES.emailInvalid : MESSAGES.required;
      this.sendPage(response, HttpStatus.BAD_REQUEST, { state: body.state, name, email, accountType, error });
      return;
    }
    void response.redirect(sandbox.callbackUrl({ name, email, companyAccount: accountType === 'company' }, body.state), HttpStatus.FOUND);
  }

  /** The sandbox pages exist only while the sandbox plays the provider. */
  private sandbox(): SandboxBusinessProvider {
    if (!(this.provider instanceof SandboxBusinessProvider)) throw new DomainError(ErrorCode.NotFound);
    return this.provider;
  }

  private sendPage(response: FastifyReply, status: number, input: Omit<Parameters<typeof renderSandboxSignInPage>[0], 'action'>): void {
    void response
      .code(status)
      .headers({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': SANDBOX_PAGE_CSP, 'Cache-Control': 'no-store' })
      .send(renderSandboxSignInPage({ ...input, action: `${SANDBOX_PAGE_PATH}/authorize` }));
  }

  private nonceCookieOptions(): CookieSerializeOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.COOKIE_SECURE, path: NONCE_COOKIE_PATH };
  }
}
