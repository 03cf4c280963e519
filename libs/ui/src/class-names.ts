/** Joins the truthy class names; keeps conditional styling readable without a dependency. */
export function cx(...parts: ReadonlyArray<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
