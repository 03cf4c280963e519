import { ConsoleLogger } from '@nestjs/common';

/**
 * Keeps error logs in memory instead of printing them, for tests that provoke errors on purpose
 * and assert what the server logged.
 */
export class CapturingLogger extends ConsoleLogger {
  readonly errors: string[] = [];

  constructor() {
    super('Test', { logLevels: ['fatal', 'error'] });
  }

  override error(message: unknown, ...rest: unknown[]): void {
    this.errors.push([message, ...rest].map((part) => String(part)).join('\n'));
  }
}
