import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';

/** One Clock for the whole API; tests replace it with overrideProvider(Clock). */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
