import { apiErrorFromReply, isAbortError, toApiError } from './api-error';

/** What every openapi-fetch call resolves to. */
export interface ApiResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of a successful call, or an ApiError (spec §8) for anything else: an error envelope,
 * a reply that is not JSON, no reply at all, or an unknown failure. A cancelled call rejects with
 * its AbortError unchanged, so data libraries recognise the cancellation.
 */
export async function unwrap<T>(call: ApiResult<T> | PromiseLike<ApiResult<T>>): Promise<T> {
  let result: ApiResult<T>;
  try {
    result = await call;
  } catch (thrown) {
    if (isAbortError(thrown)) throw thrown;
    throw toApiError(thrown);
  }
  if (!result.response.ok || result.error !== undefined) throw apiErrorFromReply(result.response.status, result.error);
  return result.data as T;
}
