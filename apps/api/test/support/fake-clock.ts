import { Clock } from '../../src/common/time/clock';

/** A Clock that stands still until the test moves it, so expiry is tested without sleeping. */
export class FakeClock extends Clock {
  private current: Date;

  constructor(start: Date = new Date()) {
    super();
    this.current = new Date(start.getTime());
  }

  override now(): Date {
    return new Date(this.current.getTime());
  }

  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}
