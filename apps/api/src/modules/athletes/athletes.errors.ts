import { ErrorCode, MESSAGES } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';
import type { FieldErrors } from '../../common/errors/domain-error';

export const AthletesErrors = {
  /** Someone else's location, or none with that id: the same answer, so ids of others stay unknown. */
  locationNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, 'Location not found'),
  /** LIMITS.travelLocations.max reached: one must go before another comes. */
  tooManyLocations: (): DomainError => new DomainError(ErrorCode.ValidationFailed, MESSAGES.tooManyLocations, { locations: MESSAGES.tooManyLocations }),
  invalid: (fields: FieldErrors): DomainError => new DomainError(ErrorCode.ValidationFailed, Object.values(fields)[0] ?? MESSAGES.required, fields),
} as const;
