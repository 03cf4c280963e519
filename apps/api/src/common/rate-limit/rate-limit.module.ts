import { Global, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { DataSource } from 'typeorm';
import { BatchedCounts } from './batched-counts';
import { PostgresThrottlerStorage } from './postgres-throttler.storage';
import { RateLimitCounters } from './rate-limit-counters';
import { RateLimitGuard } from './rate-limit.guard';

/**
 * Rate limiting as infrastructure, below the feature modules: any controller may use @RateLimit
 * (sign-in, uploads, geocoding, money routes) without importing the module that owns the route's
 * neighbours. The counts live in PostgreSQL (rate_limit_counters), shared by every API process.
 */
@Global()
@Module({
  imports: [
    // Its storage keeps RateLimitGuard's counts; other routes may opt in with ThrottlerGuard and
    // this default limit.
    ThrottlerModule.forRootAsync({
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => ({
        throttlers: [{ name: 'default', ttl: 60_000, limit: 10 }],
        storage: new PostgresThrottlerStorage(dataSource),
      }),
    }),
  ],
  providers: [RateLimitGuard, RateLimitCounters, BatchedCounts],
  exports: [RateLimitGuard, RateLimitCounters, BatchedCounts],
})
export class RateLimitModule {}
