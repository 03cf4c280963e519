import { COORDINATES_OUT_OF_RANGE, ErrorCode, MESSAGES } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';

export const MapsErrors = {
  /** The configured geocoder failed; the picker logs it and shows 'Unknown map issue' (spec §8). */
  geocoderUnavailable: (): DomainError => new DomainError(ErrorCode.ServiceUnavailable, MESSAGES.unknownMapIssue),
  coordinatesOutOfRange: (): DomainError => new DomainError(ErrorCode.ValidationFailed, COORDINATES_OUT_OF_RANGE, { query: COORDINATES_OUT_OF_RANGE }),
} as const;
