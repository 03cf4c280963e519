import { ErrorCode, MESSAGES } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';

export const DiscoveryErrors = {
  /** Unknown, incomplete, blocked and deleted athletes all read the same, so none can be told apart. */
  athleteNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, MESSAGES.athleteNotFound.title),
  /** Not a shoutout on a public profile's reel (or no longer): the same answer whatever the reason. */
  shoutoutNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, MESSAGES.watchLinkGone),
  athleteKeyRequired: (): DomainError =>
    new DomainError(ErrorCode.ValidationFailed, 'Send athlete_id or username', { athlete_id: 'Send athlete_id or username' }),
} as const;
