import createClient from 'openapi-fetch';
import type { Client, Middleware } from 'openapi-fetch';
import { ACCESS_TOKEN_HEADER, isGuestToken } from '@huddle/domain';
import type { paths } from './generated/schema';
import { apiErrorFromReply, isAbortError, networkError } from './api-error';
import { takeBootAnswer } from './boot-answers';

export { ACCESS_TOKEN_HEADER };

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** The API root, /api/v1 included: 'http://localhost:3000/api/v1', or '/api/v1' behind the same origin. */
  baseUrl: string;
  /**
   * The session token, for clients that hold one (tests, non-browser clients). Browsers need
   * none: the httpOnly session cookie travels with every call. Guest tokens are never sent.
   */
  getToken?: () => string | null | undefined;
  /**
   * Called with a renewed session token: a token near its expiry comes back renewed in the
   * answer's x-access-token header (the API re-sets the cookie too, which is all a browser needs).
   * A client that holds its token keeps this one from now on.
   */
  onTokenRenewed?: (token: string) => void;
  /** Defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
}

function isJson(response: Response): boolean {
  return /\bjson\b/i.test(response.headers.get('Content-Type') ?? '');
}

function hasBody(response: Response): boolean {
  return response.status !== 204 && response.headers.get('Content-Length') !== '0';
}

function authMiddleware({ getToken, onTokenRenewed }: ApiClientOptions): Middleware {
  return {
    onRequest({ request }) {
      const token = getToken?.();
      if (token && !isGuestToken(token)) request.headers.set(ACCESS_TOKEN_HEADER, token);
      return request;
    },
    onResponse({ response }) {
      const renewed = response.headers.get(ACCESS_TOKEN_HEADER);
      if (renewed && onTokenRenewed) onTokenRenewed(renewed);
      return undefined;
    },
  };
}

/**
 * Spec §8 for replies openapi-fetch cannot classify: a reply that is not JSON (a proxy's error
 * page, a static server's index.html) fails with its HTTP status and body text, even with a 2xx
 * status; a call that got no reply at all fails with code -1, unless its caller cancelled it.
 */
const failureMiddleware: Middleware = {
  async onResponse({ response }) {
    if (hasBody(response) && !isJson(response)) throw apiErrorFromReply(response.status, await response.text());
    return undefined;
  },
  onError({ error }) {
    // Returning nothing lets openapi-fetch rethrow the caller's own AbortError.
    return isAbortError(error) ? undefined : networkError();
  },
};

/**
 * The transport: the first screen's answers the page already carries (takeBootAnswer) are
 * answered from it once; everything else goes to the network.
 */
function withBootAnswers(fetchImpl: ApiClientOptions['fetch']): (request: Request) => Promise<Response> {
  return async (request) => {
    const answer = takeBootAnswer(request.method, request.url);
    if (answer !== undefined) return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    return (fetchImpl ?? globalThis.fetch)(request);
  };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    credentials: 'include',
    fetch: withBootAnswers(options.fetch),
  });
  client.use(failureMiddleware, authMiddleware(options));
  return client;
}
