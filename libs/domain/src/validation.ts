import { LIMITS } from './limits';

const USERNAME = new RegExp(`^[A-Za-z0-9._]{${LIMITS.username.min},${LIMITS.username.max}}$`);
const US_PHONE = /^\+1\d{10}$/;
// A pragmatic address check; the real proof of an address is the email that reaches it.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const RESET_CODE = new RegExp(`^\\d{${LIMITS.resetCode.length}}$`);

/** The emailed reset code: exactly six digits (spec §5, 'Please, enter the code'). */
export function isValidResetCode(value: string): boolean {
  return RESET_CODE.test(value);
}

export function isValidUsername(value: string): boolean {
  return USERNAME.test(value);
}

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

// As a person types a US number: an optional +1 (or 1), then ten digits, separated only by
// spaces, dashes, dots and parentheses. Letters, other country codes or extra digits are refused,
// never stripped: '+64 9 123 4567' must not become a US number.
const TYPED_US_PHONE = /^\s*(?:\+?1)?[\s.()-]*(?:\d[\s.()-]*){10}$/;

/**
 * US numbers only, stored with a leading plus: '+1' and ten digits. A number typed in a common
 * form ('(555) 123-4567', '1 555.123.4567', '+1 555 123 4567') becomes +1XXXXXXXXXX; anything
 * else is answered trimmed as typed, so isValidPhone refuses it ('Phone number is incorrect').
 */
export function normalizePhone(value: string): string {
  if (!TYPED_US_PHONE.test(value)) return value.trim();
  const digits = value.replace(/\D/g, '');
  return `+1${digits.slice(-10)}`;
}

/** The stored form: '+1' and ten digits. Check typed input with isValidPhone(normalizePhone(typed)). */
export function isValidPhone(value: string): boolean {
  return US_PHONE.test(value);
}

/** A link the user typed without a scheme gets https (spec §5). */
export function normalizeLink(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return trimmed;
  return /^(?:https?|ftp):\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

// Characters a URL may hold as written (RFC 3986: unreserved, reserved and percent escapes).
// The single quote is left out too (no link needs it, and it ends a quoted attribute). Quotes, angle brackets, backslashes, spaces and controls are not among them, which is what keeps
// 'https://x.com/"><script>' out of a page that renders the link.
const URL_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&()*+,;=%]+$/;
const WELL_FORMED_ESCAPES = /^(?:[^%]|%[0-9A-Fa-f]{2})*$/;
// A public host name: labels of letters, digits and inner dashes, ending in a letters-only TLD.
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
// Scheme, host (no user info: 'https://x.com@evil.com' names evil.com), optional port, then the rest.
const LINK_SHAPE = /^(?:https?|ftp):\/\/([^/?#:@]+)(?::\d{1,5})?(?:[/?#].*)?$/i;

/**
 * Accepts well-formed http, https or ftp URLs, www. hosts and bare hosts (which become https
 * links, spec §5): a host name with a dot and a TLD, no user info, and only URL characters.
 */
export function isValidLink(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === '' || !URL_CHARACTERS.test(trimmed) || !WELL_FORMED_ESCAPES.test(trimmed)) return false;
  const host = LINK_SHAPE.exec(normalizeLink(trimmed))?.[1];
  return host !== undefined && HOST_NAME.test(host);
}

// C0 and C1 control characters, and the Unicode format characters that reorder or hide text
// (bidirectional embeddings, overrides and isolates, marks, zero-width characters, the BOM).
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above, line feed and carriage return left out
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const INVISIBLE_FORMATTING = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

/**
 * Whether free text (a name, a business name, a location name; with `multiline`, a description
 * that keeps its line breaks) holds characters a person does not type: control characters, or
 * invisible formatting such as the right-to-left override that makes 'Jordan\u202Enip.exe' read
 * as 'Jordanexe.pin'. Such text is refused rather than stripped: stripping would silently store
 * something other than what was sent, and a person who pasted it can remove it once told
 * (MESSAGES.forbiddenCharacters), while a forged name is stopped, not laundered.
 */
export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS).test(value) || INVISIBLE_FORMATTING.test(value);
}

/** The profile URL of an athlete: {host}/@{username} (spec §1). */
export function profileUrl(origin: string, username: string): string {
  return `${origin.replace(/\/+$/, '')}/@${username}`;
}
