import { Transform } from 'class-transformer';
import { ValidateBy, ValidateIf } from 'class-validator';
import { hasForbiddenCharacters, isValidLink, MESSAGES, normalizeEmail, normalizeLink, normalizePhone } from '@huddle/domain';

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

/**
 * Free text a person types (names, business fields, location names; `multiline` for descriptions,
 * which keep their line breaks): no control characters or invisible formatting (see
 * hasForbiddenCharacters in @huddle/domain for why they are refused rather than stripped).
 */
export function PlainText(multiline = false): PropertyDecorator {
  return ValidateBy({
    name: 'isPlainText',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || !hasForbiddenCharacters(value, multiline),
      defaultMessage: () => MESSAGES.forbiddenCharacters,
    },
  });
}

/**
 * A field the request may leave out. Unlike class-validator's IsOptional, a null is not "left
 * out": it goes through the field's rules and is refused like any other wrong value, because the
 * services read absence as `=== undefined` and a null slipping past would reach them as a value
 * (`"appearance_type": null` was a 500). Fields where null means "clear it" say so and keep
 * IsOptional or their own ValidateIf.
 */
export function Omittable(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
