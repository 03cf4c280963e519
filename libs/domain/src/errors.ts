/**
 * Internal codes carried in `status_response.response_internal_code`. The first six are the
 * spec's catalogue (§8); the 14xx/15xx codes are Huddle's own for generic failures (1000 plus
 * the HTTP status), so every failure a client sees has a code and a message.
 */
export const ErrorCode = {
  IncorrectCredentials: 205,
  EmailTaken: 208,
  UsernameTaken: 211,
  WrongRequestDate: 641,
  IncorrectResetCode: 12001,
  RegularSocialAccount: 12002,
  ValidationFailed: 1400,
  Unauthorized: 1401,
  PaymentRequired: 1402,
  Forbidden: 1403,
  NotFound: 1404,
  Conflict: 1409,
  PayloadTooLarge: 1413,
  UnsupportedMedia: 1415,
  TooManyRequests: 1429,
  Internal: 1500,
  ServiceUnavailable: 1503,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_MESSAGES: Record<ErrorCodeValue, string> = {
  205: 'Incorrect credentials',
  208: 'Email is taken already',
  211: 'Username is taken already',
  641: 'Wrong request date',
  12001: 'You have entered an incorrect reset code',
  12002: 'You trying to link a regular account of the social provider, use your company account',
  1400: 'Please check the highlighted fields',
  1401: 'Please sign in to continue',
  1402: 'Payment is required',
  1403: 'You are not allowed to do this',
  1404: 'Not found',
  1409: 'This was changed by someone else, please reload',
  1413: 'This is too large to send',
  1415: 'This file type is not supported',
  1429: 'Too many attempts, please try again later',
  1500: 'Unknown error occured',
  1503: 'The service is temporarily unavailable',
};

/** The HTTP status each internal code is answered with. */
export const ERROR_HTTP_STATUS: Record<ErrorCodeValue, number> = {
  205: 401,
  208: 409,
  211: 409,
  641: 400,
  12001: 400,
  12002: 400,
  1400: 400,
  1401: 401,
  1402: 402,
  1403: 403,
  1404: 404,
  1409: 409,
  1413: 413,
  1415: 415,
  1429: 429,
  1500: 500,
  1503: 503,
};

export const UNKNOWN_ERROR_MESSAGE = 'Unknown error occured';
export const NETWORK_ERROR_CODE = -1;
export const NETWORK_ERROR_MESSAGE = 'Network error, please check your connection and try again';

export interface StatusResponse {
  status: number;
  response_message: string;
  response_internal_code: number;
}

export function isErrorCode(value: unknown): value is ErrorCodeValue {
  return typeof value === 'number' && Object.prototype.hasOwnProperty.call(ERROR_MESSAGES, value);
}

/** The spec's catalogue (§8): a client shows these codes' own messages over the server's text. */
export const CATALOGUE_CODES: readonly ErrorCodeValue[] = [205, 208, 211, 641, 12001, 12002];

/**
 * The message a client shows for an error: the catalogue's friendly text for a catalogue code,
 * otherwise the server's message (which, for validation, is the offending field's own message),
 * otherwise the code's default text, otherwise 'Unknown error occured' (spec §8).
 */
export function messageForCode(code: number, serverMessage?: string): string {
  if ((CATALOGUE_CODES as readonly number[]).includes(code)) return ERROR_MESSAGES[code as ErrorCodeValue];
  if (serverMessage && serverMessage.trim()) return serverMessage;
  return isErrorCode(code) ? ERROR_MESSAGES[code] : UNKNOWN_ERROR_MESSAGE;
}
