import type { LogLevel as NestLogLevel } from '@nestjs/common';
import type { LogLevel } from './app-config';

const ORDER: readonly LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];

/** Nest wants the enabled levels listed; LOG_LEVEL names the most verbose one. */
export function logLevelsFor(level: LogLevel): NestLogLevel[] {
  return ['fatal', ...ORDER.slice(0, ORDER.indexOf(level) + 1)];
}
