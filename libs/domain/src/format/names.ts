export interface PersonNames {
  first_name?: string | null;
  last_name?: string | null;
}

/** 'Jordan Lee', leaving out a missing part; '' when the person has no name yet (callers choose the fallback). */
export function fullName(person: PersonNames): string {
  return [person.first_name?.trim(), person.last_name?.trim()].filter(Boolean).join(' ');
}
