/** The search string ('' or '?a=1&b=2') with `name` set to `value`, or removed when value is null. */
export function withSearchParam(search: string, name: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null || value === '') params.delete(name);
  else params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
