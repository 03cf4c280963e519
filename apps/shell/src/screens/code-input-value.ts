/**
 * The code after typing or pasting `typed` into field `index` of a `length`-field code input:
 * digits only, a paste spreads over the following fields, and the result never exceeds the length.
 * Returns the new code and the field to focus next.
 */
export function enterCode(code: string, index: number, typed: string, length: number): { code: string; focus: number } {
  const digits = typed.replace(/\D/g, '');
  const cells = Array.from({ length }, (_, i) => code[i] ?? '');
  if (digits === '') {
    cells[index] = '';
    return { code: cells.join(''), focus: index };
  }
  let cursor = index;
  for (const digit of digits) {
    if (cursor >= length) break;
    cells[cursor] = digit;
    cursor += 1;
  }
  // A gap before the typed field would shift the digits, so the code is kept contiguous.
  const joined = cells.join('');
  return { code: joined.slice(0, length), focus: Math.min(cursor, length - 1) };
}


/**
 * What was typed into a cell that held `old`: typing next to an existing digit leaves two
 * characters, of which the new one counts; anything longer is a paste or an autofill of the code.
 */
export function typedInCell(raw: string, old: string): string {
  if (raw.length === 2 && old !== '') {
    if (raw.startsWith(old)) return raw.slice(1);
    if (raw.endsWith(old)) return raw.slice(0, 1);
  }
  return raw;
}
