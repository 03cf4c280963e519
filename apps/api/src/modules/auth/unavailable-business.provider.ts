import { BusinessIdentityProvider, IdentityProviderError } from './business-identity.provider';
import { AuthErrors } from './auth.errors';

/**
 * Neither Facebook nor the sandbox page: a server on a real database (DATABASE_URL) without a
 * Facebook app, where the sandbox, which signs anyone in by email alone, stays off unless
 * BUSINESS_SIGN_IN_SANDBOX says otherwise. Business sign-in then fails closed with 1503.
 */
export class UnavailableBusinessProvider extends BusinessIdentityProvider {
  readonly name = 'unavailable';

  authorizeUrl(): string {
    throw AuthErrors.businessSignInUnavailable();
  }

  identify(): Promise<never> {
    return Promise.reject(new IdentityProviderError('Business sign-in is not configured'));
  }
}
