import { GENDERS } from '@huddle/domain';
import type { GenderCode } from './account-types';

/** A gender select's value ('' for none) as the API's gender id, or undefined when none is chosen. */
export function genderCode(value: string): GenderCode | undefined {
  const id = Number(value);
  return GENDERS.some((gender) => gender.id === id) ? (id as GenderCode) : undefined;
}
