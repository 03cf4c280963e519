import { LIMITS } from '@huddle/domain';

export interface StepperBounds {
  min?: number;
  max?: number;
  step?: number;
  /** When given, the value moves between these listed values only (spec §5, quantity stepper). */
  values?: readonly number[];
}

/** The spec's quantity stepper defaults (§5): step 10, from 0 to 100000. */
export const DEFAULT_STEPPER = LIMITS.quantityStepper;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * The value after pressing + (direction 1) or - (direction -1). With listed values it moves to
 * the next listed value; otherwise by the step, snapped to the step grid from the minimum, and
 * kept inside the bounds.
 */
export function stepValue(value: number, direction: 1 | -1, bounds: StepperBounds = {}): number {
  const { min = DEFAULT_STEPPER.min, max = DEFAULT_STEPPER.max, step = DEFAULT_STEPPER.step, values } = bounds;
  if (values && values.length > 0) {
    const sorted = [...values].sort((a, b) => a - b);
    const next = direction === 1 ? sorted.find((v) => v > value) : [...sorted].reverse().find((v) => v < value);
    return next ?? (direction === 1 ? (sorted[sorted.length - 1] as number) : (sorted[0] as number));
  }
  const current = Number.isFinite(value) ? value : min;
  const offGrid = (current - min) % step !== 0;
  const snapped = direction === 1 ? min + Math.floor((current - min) / step) * step : min + Math.ceil((current - min) / step) * step;
  const next = offGrid ? snapped + (direction === 1 ? step : -step) : current + direction * step;
  return clamp(next, min, max);
}

/**
 * What a typed value becomes: digits only, kept inside the bounds (an empty field reads as the
 * minimum). With `keepTyped` the number is kept as typed (empty reads as 0), for forms that refuse
 * a value with a message instead of silently correcting it (a rate of 0, spec §5).
 */
export function typedStepperValue(text: string, bounds: StepperBounds = {}, keepTyped = false): number {
  const { min = DEFAULT_STEPPER.min, max = DEFAULT_STEPPER.max } = bounds;
  const digits = text.replace(/[^\d]/g, '');
  if (keepTyped) return digits === '' ? 0 : Number(digits);
  if (digits === '') return min;
  return clamp(Number(digits), min, max);
}
