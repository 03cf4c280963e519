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
