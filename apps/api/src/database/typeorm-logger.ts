import { Logger } from '@nestjs/common';
import { AbstractLogger } from 'typeorm';
import type { LogLevel, LogMessage } from 'typeorm';

type RawMessage = LogMessage | string | number;

/** Routes TypeORM's messages through Nest's logger so LOG_LEVEL governs them too. */
export class TypeormLogger extends AbstractLogger {
  private readonly logger = new Logger('TypeORM');

  protected writeLog(level: LogLevel, message: RawMessage | RawMessage[]): void {
    for (const { message: text } of this.prepareLogMessages(message)) {
      const line = String(text);
      if (level === 'error') this.logger.error(line);
      else if (level === 'warn') this.logger.warn(line);
      else if (level === 'migration' || level === 'info' || level === 'schema') this.logger.log(line);
      else this.logger.debug(line);
    }
  }
}
