/** The dashboard's field selector (spec §2): what the search box matches. */
export const ATHLETE_SEARCH_FIELDS = [
  { value: 'name', label: 'Name' },
  { value: 'sport', label: 'Sport' },
  { value: 'school', label: 'School' },
] as const;

export type AthleteSearchField = (typeof ATHLETE_SEARCH_FIELDS)[number]['value'];

export const DEFAULT_SEARCH_FIELD: AthleteSearchField = 'name';

/** The field from the query string, or the default when it is missing or unknown. */
export function searchFieldOf(value: string | null): AthleteSearchField {
  return ATHLETE_SEARCH_FIELDS.find((field) => field.value === value)?.value ?? DEFAULT_SEARCH_FIELD;
}

/** Short enough to show whole beside the selector on a phone. */
export function searchPlaceholder(field: AthleteSearchField): string {
  return `Search by ${field}`;
}
