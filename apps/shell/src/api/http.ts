import { createApiClient, toApiError } from '@huddle/api-client';

/** The API's base on the shell's own origin: the shell's server proxies it, so cookies stay first-party. */
export const API_BASE = '/api/v1';

/** The typed client for every call the API's OpenAPI document describes. */
export const api = createApiClient({ baseUrl: API_BASE });

/** The text to show for any failure: the API's mapped message, or the spec's unknown-error text. */
export function errorMessage(error: unknown): string {
  return toApiError(error).message;
}
