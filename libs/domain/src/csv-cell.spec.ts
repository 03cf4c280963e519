import { safeCsvCell, safeCsvRows } from './csv-cell';

describe('safeCsvCell: no exported cell runs as a formula', () => {
  it.each(['=SUM(A1:A9)', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://evil.test","x")'])('writes %j as text', (value) => {
    expect(safeCsvCell(value)).toBe(`'${value}`);
  });

  it('leaves ordinary text, numbers (negative too) and empty cells as they are', () => {
    expect(safeCsvCell('Video shoutout')).toBe('Video shoutout');
    expect(safeCsvCell('a=b')).toBe('a=b');
    expect(safeCsvCell('')).toBe('');
    expect(safeCsvCell(42.5)).toBe(42.5);
    expect(safeCsvCell(-12)).toBe(-12);
    expect(safeCsvCell(Number.NaN)).toBe('');
    expect(safeCsvCell(null)).toBe('');
    expect(safeCsvCell(undefined)).toBe('');
  });

  it('makes every cell of a table safe', () => {
    expect(safeCsvRows([['Name', 'Count'], ['=cmd', 3], ['Fans', null]])).toEqual([['Name', 'Count'], ["'=cmd", 3], ['Fans', '']]);
  });
});
