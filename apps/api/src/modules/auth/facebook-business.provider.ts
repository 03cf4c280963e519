import { createHmac } from 'node:crypto';
import type { AppConfig } from '../../config/app-config';
import { BusinessIdentityProvider, IdentityProviderError } from './business-identity.provider';
import type { BusinessIdentity } from './business-identity.provider';

interface GraphProfile {
  id?: unknown;
  name?: unknown;
  email?: unknown;
}

interface GraphList {
  data?: Array<{ id?: unknown; name?: unknown }>;
}

const REQUEST_TIMEOUT_MS = 10_000;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Facebook Login for Business: the OAuth dialog, the server-side code exchange (the app secret
 * never reaches a browser), then the Graph API. Only someone who manages at least one business
 * (GET /me/businesses) counts as a company account; a personal profile alone is a regular account.
 */
export class FacebookBusinessProvider extends BusinessIdentityProvider {
  readonly name = 'facebook';
  override readonly callbackOrigin: string;
  private readonly appId: string;
  private readonly appSecret: string;

  constructor(
    private readonly config: AppConfig,
    private readonly callbackUrl: string,
  ) {
    super();
    if (!config.FACEBOOK_APP_ID || !config.FACEBOOK_APP_SECRET) throw new Error('FacebookBusinessProvider needs FACEBOOK_APP_ID and FACEBOOK_APP_SECRET');
    this.appId = config.FACEBOOK_APP_ID;
    this.appSecret = config.FACEBOOK_APP_SECRET;
    // Facebook returns only to the registered redirect URI (PUBLIC_APP_URL's), so sign-in starts there.
    this.callbackOrigin = new URL(callbackUrl).origin;
  }

  authorizeUrl(state: string): string {
    const url = new URL(this.config.FACEBOOK_AUTHORIZE_URL);
    url.searchParams.set('client_id', this.appId);
    url.searchParams.set('redirect_uri', this.callbackUrl);
    url.searchParams.set('state', state);
    url.searchParams.set('response_type', 'code');
    if (this.config.FACEBOOK_LOGIN_CONFIG_ID) url.searchParams.set('config_id', this.config.FACEBOOK_LOGIN_CONFIG_ID);
    else url.searchParams.set('scope', 'email,business_management');
    return url.toString();
  }

  async identify(code: string): Promise<BusinessIdentity> {
    const token = await this.graph<{ access_token?: unknown }>('oauth/access_token', {
      client_id: this.appId,
      client_secret: this.appSecret,
      redirect_uri: this.callbackUrl,
      code,
    });
    const accessToken = text(token.access_token);
    if (!accessToken) throw new IdentityProviderError('Facebook answered the code exchange without an access token');

    // appsecret_proof ties every call to this app, so a stolen token is useless elsewhere.
    const proof = createHmac('sha256', this.appSecret).update(accessToken).digest('hex');
    const auth = { access_token: accessToken, appsecret_proof: proof };
    const [profile, businesses] = await Promise.all([
      this.graph<GraphProfile>('me', { ...auth, fields: 'id,name,email' }),
      this.graph<GraphList>('me/businesses', { ...auth, fields: 'id,name' }),
    ]);
    const subject = text(profile.id);
    if (!subject) throw new IdentityProviderError('Facebook answered /me without an id');
    const business = (businesses.data ?? []).find((candidate) => text(candidate.id));
    return {
      subject,
      name: text(business?.name) ?? text(profile.name),
      email: text(profile.email),
      companyAccount: business !== undefined,
    };
  }

  private async graph<T>(path: string, query: Record<string, string>): Promise<T> {
    const url = new URL(`${this.config.FACEBOOK_GRAPH_URL.replace(/\/+$/, '')}/${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), headers: { Accept: 'application/json' } });
    } catch (error) {
      throw new IdentityProviderError(`Facebook did not answer ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!response.ok) throw new IdentityProviderError(`Facebook answered ${path} with HTTP ${response.status}`);
    try {
      return (await response.json()) as T;
    } catch {
      throw new IdentityProviderError(`Facebook answered ${path} with something other than JSON`);
    }
  }
}
