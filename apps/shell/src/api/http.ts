import { apiErrorFromReply, createApiClient, networkError, toApiError } from '@huddle/api-client';

/** The API's base on the shell's own origin: the shell's server proxies it, so cookies stay first-party. */
export const API_BASE = '/api/v1';

/** The typed client for every call the API's OpenAPI document describes. */
export const api = createApiClient({ baseUrl: API_BASE });

export type RequestBody = { form: Record<string, string> } | { json: unknown };

/**
 * Calls the sign-in, sign-up, logout and password-reset endpoints of spec §7, which the API's
 * OpenAPI document does not describe yet, with the api-client's error rules (spec §8): the
 * envelope's code and message, a non-JSON reply's status and text, -1 without a reply.
 */
export async function untypedRequest(
  method: 'POST' | 'DELETE',
  path: string,
  body?: RequestBody,
): Promise<Record<string, unknown>> {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json' } };
  if (body && 'form' in body) init.body = new URLSearchParams(body.form);
  else if (body) {
    init.body = JSON.stringify(body.json);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, init);
  } catch {
    throw networkError();
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    throw apiErrorFromReply(response.status, text);
  }
  if (!response.ok) throw apiErrorFromReply(response.status, parsed);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

/** The text to show for any failure: the API's mapped message, or the spec's unknown-error text. */
export function errorMessage(error: unknown): string {
  return toApiError(error).message;
}
