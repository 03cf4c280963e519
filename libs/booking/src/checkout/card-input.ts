/** '4242424242424242' as typed -> '4242 4242 4242 4242': digits only, in groups of four, at most 19. */
export function cardNumberInput(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1234' -> '12 / 34': the expiry as typed, digits only, month then year. */
export function expiryInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The month and two-digit year of 'MM / YY', or null when it is not a month. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2}) \/ (\d{2})$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  return month >= 1 && month <= 12 ? { month, year: Number(match[2]) } : null;
}
