import { normalizeEmail } from '@huddle/domain';
import type { Clock } from '../../common/time/clock';
import type { AuthSecret } from './auth-secret';
import { BusinessIdentityProvider, IdentityProviderError } from './business-identity.provider';
import type { BusinessIdentity } from './business-identity.provider';

const CODE_PURPOSE = 'sandbox-business-code';
// Like a real provider's authorization code: short-lived, used right after it is issued.
const CODE_TTL_MS = 5 * 60 * 1000;

export interface SandboxSignIn {
  name: string;
  email: string;
  companyAccount: boolean;
}

/**
 * The embedded default: the API's own page (GET /user/auth/sandbox) plays the provider, so
 * business sign-in works on an offline machine. Its "authorization code" is a sealed, expiring
 * token carrying what was typed on that page; the email is the provider's account id.
 */
export class SandboxBusinessProvider extends BusinessIdentityProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly pageUrl: string,
    private readonly callbackPath: string,
    private readonly secret: AuthSecret,
    private readonly clock: Clock,
  ) {
    super();
  }

  authorizeUrl(state: string): string {
    return `${this.pageUrl}?state=${encodeURIComponent(state)}`;
  }

  /** The page's answer: back to the callback with a code, as a provider redirects. */
  callbackUrl(signIn: SandboxSignIn, state: string): string {
    const payload = { name: signIn.name.trim(), email: normalizeEmail(signIn.email), company: signIn.companyAccount };
    const code = this.secret.seal(CODE_PURPOSE, payload, new Date(this.clock.now().getTime() + CODE_TTL_MS));
    return `${this.callbackPath}?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`;
  }

  async identify(code: string): Promise<BusinessIdentity> {
    const payload = this.secret.open<{ name?: unknown; email?: unknown; company?: unknown }>(CODE_PURPOSE, code, this.clock.now());
    if (!payload || typeof payload.email !== 'string' || typeof payload.name !== 'string') {
      throw new IdentityProviderError('The sandbox code is invalid or expired');
    }
    return { subject: payload.email, name: payload.name, email: payload.email, companyAccount: payload.company === true };
  }
}
