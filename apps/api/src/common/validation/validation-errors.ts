import type { ValidationError } from 'class-validator';
import { ErrorCode, MESSAGES } from '@huddle/domain';
import { DomainError } from '../errors/domain-error';
import type { FieldErrors } from '../errors/domain-error';

// A missing value is reported as missing even when the same field also breaks a format rule.
const PRESENCE_CONSTRAINTS = ['isDefined', 'isNotEmpty'];

// class-validator's own wording names the property ('first_name must be shorter than or equal to
// 100 characters'); a person reads the field's message instead.
const BUILT_IN_MAX_LENGTH = /^\S+ must be shorter than or equal to (\d+) characters$/;

function humane(message: string): string {
  const maxLength = BUILT_IN_MAX_LENGTH.exec(message);
  return maxLength ? MESSAGES.tooLong(Number(maxLength[1])) : message;
}

function messageOf(constraints: Record<string, string>): string {
  const presence = PRESENCE_CONSTRAINTS.find((name) => name in constraints);
  return humane(presence ? constraints[presence] : (Object.values(constraints)[0] ?? MESSAGES.required));
}

/** One message per field, nested fields joined with dots ('athlete_info.school_id', 'items.0.amount'). */
export function fieldErrorsOf(errors: readonly ValidationError[], parent = ''): FieldErrors {
  const fields: FieldErrors = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints && Object.keys(error.constraints).length > 0) {
      fields[path] = messageOf(error.constraints);
    }
    Object.assign(fields, fieldErrorsOf(error.children ?? [], path));
  }
  return fields;
}

/** The ValidationPipe's exceptionFactory: the first field's message becomes the reply's message. */
export function validationFailed(errors: readonly ValidationError[]): DomainError {
  const fields = fieldErrorsOf(errors);
  const first = Object.values(fields)[0];
  return new DomainError(ErrorCode.ValidationFailed, first, fields);
}
