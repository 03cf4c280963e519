import { MESSAGES } from '@huddle/domain';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The first-failing rule's message per required field that is empty (spec §5 messages). */
export function requiredErrors<Field extends string>(
  values: Record<Field, string>,
  messages: Partial<Record<Field, string>>,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const field of Object.keys(values) as Field[]) {
    if (values[field].trim() === '') errors[field] = messages[field] ?? MESSAGES.required;
  }
  return errors;
}

export function hasErrors<Field extends string>(errors: FieldErrors<Field>): boolean {
  return Object.values(errors).some(Boolean);
}
