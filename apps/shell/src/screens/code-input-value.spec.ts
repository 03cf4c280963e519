import { enterCode, typedInCell } from './code-input-value';

describe('code input (spec §5: 6 fields)', () => {
  it('fills one field per digit and moves on', () => {
    expect(enterCode('', 0, '4', 6)).toEqual({ code: '4', focus: 1 });
    expect(enterCode('48', 2, '1', 6)).toEqual({ code: '481', focus: 3 });
  });

  it('spreads a pasted code over the fields and ignores anything but digits', () => {
    expect(enterCode('', 0, '12 34-56', 6)).toEqual({ code: '123456', focus: 5 });
    expect(enterCode('12', 2, '3456789', 6)).toEqual({ code: '123456', focus: 5 });
  });

  it('clears a field on delete', () => {
    expect(enterCode('123', 2, '', 6)).toEqual({ code: '12', focus: 2 });
  });
});

describe('typing into a filled cell', () => {
  it('keeps the new digit, and a whole pasted or autofilled code', () => {
    expect(typedInCell('47', '4')).toBe('7');
    expect(typedInCell('74', '4')).toBe('7');
    expect(typedInCell('959654', '0')).toBe('959654');
    expect(typedInCell('3', '')).toBe('3');
  });
});
