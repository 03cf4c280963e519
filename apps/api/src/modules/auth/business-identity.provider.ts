/** What a sign-in provider tells about the person who signed in with it. */
export interface BusinessIdentity {
  /** The provider's stable id of the account. */
  subject: string;
  name: string | null;
  email: string | null;
  /** A company (business) account; a regular personal account may not sign in (12002). */
  companyAccount: boolean;
}

/** The provider could not be reached or refused the code: the sign-in cannot finish now. */
export class IdentityProviderError extends Error {
  override name = 'IdentityProviderError';
}

/**
 * The social provider's part of business sign-in (spec §6: "a business account must be a company
 * account of the social provider"). Two adapters: Facebook Login for Business when its app
 * credentials are configured, otherwise the embedded sandbox page that plays the provider's part.
 */
export abstract class BusinessIdentityProvider {
  /** Stored with the identity, so accounts of different providers never mix. */
  abstract readonly name: string;

  /**
   * The one origin the provider sends the browser back to (its registered callback URL), or null
   * when it comes back to whichever origin the sign-in started on (a relative callback). The
   * cookies of the sign-in live on that origin, so a sign-in started elsewhere cannot finish.
   */
  readonly callbackOrigin: string | null = null;

  /** Where the browser goes to sign in; the provider sends it back to the callback with a code and the state. */
  abstract authorizeUrl(state: string): string;

  /** Turns the callback's code into the identity; throws IdentityProviderError when it cannot. */
  abstract identify(code: string): Promise<BusinessIdentity>;
}
