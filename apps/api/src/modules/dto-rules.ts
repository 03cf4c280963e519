import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { isValidLink, normalizeEmail, normalizeLink, normalizePhone } from '@huddle/domain';

/**
 * Property decorators that apply a rule of @huddle/domain to a request field, so DTOs state
 * which rule holds without restating it. The value must be a string the predicate accepts.
 */
export function Satisfies(name: string, predicate: (value: string) => boolean, message: string): PropertyDecorator {
  return ValidateBy({ name, validator: { validate: (value: unknown) => typeof value === 'string' && predicate(value), defaultMessage: () => message } });
}

/** Numbers (ids, rates) the predicate accepts; strings never pass, whatever they spell. */
export function SatisfiesNumber(name: string, predicate: (value: number) => boolean, message: string): PropertyDecorator {
  return ValidateBy({ name, validator: { validate: (value: unknown) => typeof value === 'number' && predicate(value), defaultMessage: () => message } });
}

function mapString(map: (value: string) => string): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? map(value) : value));
}

/** Surrounding spaces are typing noise; an all-space value then reads as missing. */
export const Trim = (): PropertyDecorator => mapString((value) => value.trim());
export const NormaliseEmail = (): PropertyDecorator => mapString(normalizeEmail);
/** '(555) 123-4567' becomes '+15551234567' before the +1-and-ten-digits check. */
export const NormalisePhone = (): PropertyDecorator => mapString((value) => (value.trim() === '' ? '' : normalizePhone(value)));
/**
 * Links without a scheme get https (spec §5) only once they pass the link rule as typed: prefixing
 * first would turn a word such as 'hello' into the valid-looking 'https://hello'.
 */
export const NormaliseLink = (): PropertyDecorator => mapString((value) => (isValidLink(value) ? normalizeLink(value) : value.trim()));
