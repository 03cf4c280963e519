import { stepValue, typedStepperValue } from './stepper-value';

describe('quantity stepper (spec §5)', () => {
  it('steps by 10 between 0 and 100000 by default', () => {
    expect(stepValue(20, 1)).toBe(30);
    expect(stepValue(0, -1)).toBe(0);
    expect(stepValue(100000, 1)).toBe(100000);
  });

  it('keeps a rate inside its limits and snaps an off-grid value to the step', () => {
    const rate = { min: 10, max: 1000, step: 10 };
    expect(stepValue(10, -1, rate)).toBe(10);
    expect(stepValue(995, 1, rate)).toBe(1000);
    expect(stepValue(25, 1, rate)).toBe(30);
    expect(stepValue(25, -1, rate)).toBe(20);
  });

  it('moves a radius one mile at a time from 1', () => {
    expect(stepValue(4, 1, { min: 1, step: 1 })).toBe(5);
    expect(stepValue(1, -1, { min: 1, step: 1 })).toBe(1);
  });

  it('moves between listed values only', () => {
    const values = [5, 10, 25, 50];
    expect(stepValue(10, 1, { values })).toBe(25);
    expect(stepValue(10, -1, { values })).toBe(5);
    expect(stepValue(50, 1, { values })).toBe(50);
  });

  it('reads typed digits inside the bounds', () => {
    expect(typedStepperValue('1,250', { min: 10, max: 1000 })).toBe(1000);
    expect(typedStepperValue('', { min: 1 })).toBe(1);
    expect(typedStepperValue('45')).toBe(45);
  });
});

describe('a stepper that keeps what was typed', () => {
  it('keeps a value outside the bounds, so the form can refuse it instead of correcting it', () => {
    expect(typedStepperValue('0', { min: 10, max: 1000 }, true)).toBe(0);
    expect(typedStepperValue('', { min: 10, max: 1000 }, true)).toBe(0);
    expect(typedStepperValue('5000', { min: 10, max: 1000 }, true)).toBe(5000);
    expect(typedStepperValue('0', { min: 10, max: 1000 })).toBe(10);
  });
});
