import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, isValidEmail, UserType } from '@huddle/domain';
import type { ErrorCodeValue } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';
import { Clock } from '../../common/time/clock';
import { AppConfig } from '../../config/app-config';
import { appBaseOn, appOrigins } from '../../config/app-origins';
import { JobsService } from '../jobs/jobs.service';
import { ACCOUNT_CREATED } from '../accounts/account-events';
import type { AccountCreatedEvent } from '../accounts/account-events';
import { AccountsService } from '../accounts/accounts.service';
import type { Account } from '../accounts/accounts.service';
import { AuthErrors } from './auth.errors';
import { AuthSecret } from './auth-secret';
import { BusinessIdentityProvider, IdentityProviderError } from './business-identity.provider';
import type { BusinessIdentity } from './business-identity.provider';
import { SessionsService } from './sessions.service';

const STATE_PURPOSE = 'business-sign-in-state';
/** Time allowed between leaving for the provider and coming back. */
export const SIGN_IN_STATE_TTL_MS = 10 * 60 * 1000;

interface StatePayload {
  /** Also kept in a cookie of the browser that started: the callback must come from that browser. */
  nonce: string;
  /** The caller's own opaque state, handed back on the final redirect. */
  client: string | null;
  /** The app's origin the person started from (one of appOrigins), where the final redirect goes; null: PUBLIC_APP_URL. */
  origin?: string | null;
}

export interface StartedSignIn {
  providerUrl: string;
  nonce: string;
}

export interface CallbackInput {
  code?: string;
  state?: string;
  error?: string;
  /** The nonce cookie set when the sign-in started. */
  nonce?: string;
}

export interface FinishedSignIn {
  /** Where the browser goes next: the app, or its login page with ?error=<internal code>. */
  redirectUrl: string;
  session?: { token: string; expiresAt: Date };
}

/**
 * Business sign-in through the provider's OAuth redirect (GET /user/auth/business, then the
 * callback). The state is sealed with the server secret and expires, and its nonce must match the
 * cookie of the browser that started, so a callback link forged by someone else (login CSRF)
 * signs no one in. New provider accounts become incomplete businesses (role 13).
 */
@Injectable()
export class BusinessSignInService {
  private readonly logger = new Logger('BusinessSignIn');

  constructor(
    private readonly provider: BusinessIdentityProvider,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly secret: AuthSecret,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  /**
   * Seals the state and answers where the browser goes. `origin` is the app's origin the person
   * started from (127.0.0.1:4200 and localhost:4200 are different sites with different cookies):
   * the sign-in comes back there when it is one of the app's configured origins, and is refused
   * with a clear message otherwise; without it the sign-in comes back to PUBLIC_APP_URL.
   */
  start(clientState: string | undefined, origin?: string): StartedSignIn {
    this.checkOrigin(origin);
    const nonce = randomBytes(16).toString('base64url');
    const payload: StatePayload = { nonce, client: clientState ?? null, origin: origin ?? null };
    const state = this.secret.seal(STATE_PURPOSE, payload, new Date(this.clock.now().getTime() + SIGN_IN_STATE_TTL_MS));
    return { providerUrl: this.provider.authorizeUrl(state), nonce };
  }

  async finish(input: CallbackInput): Promise<FinishedSignIn> {
    const state = input.state ? this.secret.open<StatePayload>(STATE_PURPOSE, input.state, this.clock.now()) : null;
    if (!state || !input.nonce || state.nonce !== input.nonce) return this.failed(ErrorCode.Forbidden);
    const origin = state.origin ?? null;
    if (input.error || !input.code) return this.failed(ErrorCode.Unauthorized, origin);

    let identity: BusinessIdentity;
    try {
      identity = await this.provider.identify(input.code);
    } catch (error) {
      if (!(error instanceof IdentityProviderError)) throw error;
      this.logger.warn(error.message);
      return this.failed(ErrorCode.ServiceUnavailable, origin);
    }
    if (!identity.companyAccount) return this.failed(ErrorCode.RegularSocialAccount, origin);

    let account: Account;
    try {
      account = await this.accountFor(identity);
    } catch (error) {
      if (error instanceof DomainError) return this.failed(error.code, origin);
      throw error;
    }
    if (account.blocked) return this.failed(ErrorCode.Forbidden, origin);

    const { token, session } = await this.sessions.create(account.id);
    const page = account.profileCompleted ? 'dashboard' : 'signup';
    return { redirectUrl: this.appUrl(page, state.client ? { state: state.client } : {}, origin), session: { token, expiresAt: session.expiresAt } };
  }

  /** The linked account, or a new incomplete business; an email already used by someone else is refused (208), never merged. */
  private async accountFor(identity: BusinessIdentity): Promise<Account> {
    const linked = await this.accounts.findByIdentity(this.provider.name, identity.subject);
    if (linked) return linked;
    if (!identity.email || !isValidEmail(identity.email)) throw new DomainError(ErrorCode.ValidationFailed, 'The provider did not share an email address');
    if (await this.accounts.isEmailTaken(identity.email)) throw new DomainError(ErrorCode.EmailTaken);

    // The provider's business details prefill business_info through a job committed with the account.
    const business = { name: identity.name, email: identity.email };
    return this.accounts.createBusinessForIdentity({ provider: this.provider.name, subject: identity.subject, email: identity.email }, (manager, accountId) =>
      this.jobs.publishIn<AccountCreatedEvent>(manager, ACCOUNT_CREATED, { accountId, userType: UserType.Business, business }),
    );
  }

  /**
   * Refuses an origin the sign-in could not come back to, naming the ones it could: one the app is
   * not served from, or with a provider that returns to one origin only (Facebook), any other.
   */
  checkOrigin(origin: string | undefined): void {
    const { callbackOrigin } = this.provider;
    const origins = callbackOrigin === null ? appOrigins(this.config) : [callbackOrigin];
    if (origin === undefined || (appBaseOn(this.config, origin) !== null && origins.includes(origin))) return;
    throw AuthErrors.foreignAppOrigin(origin, origins);
  }

  private failed(code: ErrorCodeValue, origin: string | null = null): FinishedSignIn {
    return { redirectUrl: this.appUrl('login', { error: String(code) }, origin) };
  }

  // Relative to the app's URL on the origin the person started from (see start), so an app served
  // under a path (https://host/app) keeps it.
  private appUrl(page: string, query: Record<string, string>, origin: string | null): string {
    const url = new URL(page, appBaseOn(this.config, origin) ?? appBaseOn(this.config, null)!);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  }
}
