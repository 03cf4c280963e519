import { RETURN_TO_PARAM } from '@huddle/domain';
import { withSearchParam } from '@huddle/ui';

/**
 * `path` carrying on the page a visitor was asked to sign in from (?next=), so moving between
 * /login and /signup, or on to the profile wizard, still comes back there at the end.
 */
export function withReturnTo(path: string, search: string): string {
  return `${path}${withSearchParam('', RETURN_TO_PARAM, new URLSearchParams(search).get(RETURN_TO_PARAM))}`;
}
