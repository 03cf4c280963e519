import { LIMITS } from './limits';

const USERNAME = new RegExp(`^[A-Za-z0-9._]{${LIMITS.username.min},${LIMITS.username.max}}$`);
const US_PHONE = /^\+1\d{10}$/;
// A pragmatic address check; the real proof of an address is the email that reaches it.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
// http, https or ftp URLs, or www. hosts without a scheme (spec §5, social links).
const LINK = /^(?:(?:https?|ftp):\/\/|www\.)[^\s/$.?#][^\s]*\.[^\s]{2,}|^(?:(?:https?|ftp):\/\/)[^\s/$.?#][^\s]*$/i;
const BARE_HOST_LINK = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:[/?#][^\s]*)?$/i;

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

/**
 * US numbers only, stored with a leading plus: '+1' and ten digits. Common typing forms
 * ('(555) 123-4567', '1 555 123 4567') are normalised before the check.
 */
export function normalizePhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return value.trim();
}

export function isValidPhone(value: string): boolean {
  return US_PHONE.test(value);
}

/** A link the user typed without a scheme gets https (spec §5). */
export function normalizeLink(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return trimmed;
  return /^(?:https?|ftp):\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** Accepts http, https, ftp or www URLs, and bare hosts that become https links. */
export function isValidLink(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return false;
  return LINK.test(trimmed) || BARE_HOST_LINK.test(trimmed);
}

/** The profile URL of an athlete: {host}/@{username} (spec §1). */
export function profileUrl(origin: string, username: string): string {
  return `${origin.replace(/\/+$/, '')}/@${username}`;
}
