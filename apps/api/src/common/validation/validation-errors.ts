import type { ValidationError } from 'class-validator';
import { ErrorCode, MESSAGES } from '@huddle/domain';
import { DomainError } from '../errors/domain-error';
import type { FieldErrors } from '../errors/domain-error';

// A missing value is reported as missing even when the same field also breaks a format rule.
const PRESENCE_CONSTRAINTS = ['isDefined', 'isNotEmpty'];

function messageOf(constraints: Record<string, string>): string {
  const presence = PRESENCE_CONSTRAINTS.find((name) => name in constraints);
  return presence ? constraints[presence] : (Object.values(constraints)[0] ?? MESSAGES.required);
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
