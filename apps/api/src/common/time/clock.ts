import { Injectable } from '@nestjs/common';

/**
 * The time as business rules see it (reset-code expiry, state expiry). Injected rather than read
 * from Date directly so tests can move time forward instead of sleeping.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
