import { ERROR_HTTP_STATUS, ERROR_MESSAGES } from '@huddle/domain';
import type { ErrorCodeValue } from '@huddle/domain';

/** Per-field problems, keyed by the request field name (snake_case, as the API speaks). */
export type FieldErrors = Record<string, string>;

/**
 * A failure the product knows about, named by its internal code. Services throw it; the global
 * exception filter turns it into the status_response envelope, so business code never speaks HTTP.
 */
export class DomainError extends Error {
  readonly httpStatus: number;

  constructor(
    readonly code: ErrorCodeValue,
    message?: string,
    readonly details?: FieldErrors,
  ) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = 'DomainError';
    this.httpStatus = ERROR_HTTP_STATUS[code];
  }
}
