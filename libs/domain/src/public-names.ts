/**
 * How a person is named where anyone may look, guests included (an athlete's public History):
 * the first name and the initial of the last name, 'Jordan M.'; never the full name. Either part
 * may be missing: 'Jordan', 'M.'; with neither, ''.
 */
export function firstNameLastInitial(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = (firstName ?? '').trim();
  // The first character, not the first UTF-16 unit, so 'Øst' and surnames outside the BMP keep a whole letter.
  const initial = Array.from((lastName ?? '').trim())[0];
  return [first, initial ? `${initial.toLocaleUpperCase('en-US')}.` : ''].filter((part) => part !== '').join(' ');
}

export interface PublicRequester {
  firstName: string | null;
  lastName: string | null;
  /** The business's name when the requester is a business, else null. */
  businessName: string | null;
}

/**
 * The requester of a finished request as a public page shows it: a business by its business name
 * (a company's name is public by nature), a person by first name and last initial. A business that
 * has not named itself yet falls back to its contact's first name and last initial.
 */
export function publicRequesterName(requester: PublicRequester): string {
  const business = (requester.businessName ?? '').trim();
  return business !== '' ? business : firstNameLastInitial(requester.firstName, requester.lastName);
}

export interface RequestParty {
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  /** A business's own name; null (or absent) for a person. */
  business_name?: string | null;
}

/**
 * A party as a request names it to the other party and to administrators (its page, the lists, the
 * console): a business by its own name, as its history, reviews and NIL records do; a person by
 * first and last name; else '@username'; else 'Deleted user' (an account gone).
 */
export function requestPartyName(party: RequestParty | null | undefined): string {
  const business = party?.business_name?.trim();
  if (business) return business;
  const name = [party?.first_name, party?.last_name].filter(Boolean).join(' ').trim();
  if (name) return name;
  return party?.username ? `@${party.username}` : 'Deleted user';
}

