import { messageForCode, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE, UNKNOWN_ERROR_MESSAGE } from '@huddle/domain';

export { NETWORK_ERROR_MESSAGE };

/** Failures that have no HTTP status or internal code of their own. */
export const UNKNOWN_ERROR_CODE = 0;

export type FieldErrors = Record<string, string>;

/**
 * Any failed call, with what a screen needs: the internal code (spec §8), the message to show,
 * the HTTP status (0 when no reply arrived) and per-field messages for forms.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface Envelope {
  status_response: { response_internal_code: number; response_message?: unknown };
  errors?: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null || !('status_response' in body)) return false;
  const status = (body as { status_response: unknown }).status_response;
  return typeof status === 'object' && status !== null && typeof (status as { response_internal_code?: unknown }).response_internal_code === 'number';
}

function fieldErrorsOf(errors: unknown): FieldErrors {
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The error for a reply that was not a success (spec §8): the envelope's internal code with the
 * catalogue's message for catalogue codes and the server's message otherwise; for a reply that is
 * not JSON, the HTTP status as code and the body text as message.
 */
export function apiErrorFromReply(status: number, body: unknown): ApiError {
  if (isEnvelope(body)) {
    const code = body.status_response.response_internal_code;
    const serverMessage = typeof body.status_response.response_message === 'string' ? body.status_response.response_message : undefined;
    return new ApiError(code, messageForCode(code, serverMessage), status, fieldErrorsOf(body.errors));
  }
  if (typeof body === 'string' && body.trim() !== '') return new ApiError(status, body, status);
  return new ApiError(status, UNKNOWN_ERROR_MESSAGE, status);
}

/** A call its caller cancelled (AbortController); cancellation is not a failure to report. */
export function isAbortError(thrown: unknown): boolean {
  return typeof thrown === 'object' && thrown !== null && (thrown as { name?: unknown }).name === 'AbortError';
}

export function networkError(): ApiError {
  return new ApiError(NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE, 0);
}

/** Anything thrown that is not already an ApiError: 'Unknown error occured'. */
export function toApiError(thrown: unknown): ApiError {
  return thrown instanceof ApiError ? thrown : new ApiError(UNKNOWN_ERROR_CODE, UNKNOWN_ERROR_MESSAGE, 0);
}
