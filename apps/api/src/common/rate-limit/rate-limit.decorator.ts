import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { RateLimitGuard } from './rate-limit.guard';
import { RATE_LIMIT_METADATA } from './rate-limit.policies';
import type { RateLimitPolicy } from './rate-limit.policies';

/** Limits the route per client IP, email or account under the named policy; excess calls answer 1429. */
export function RateLimit(policy: RateLimitPolicy): MethodDecorator {
  return applyDecorators(
    SetMetadata(RATE_LIMIT_METADATA, policy),
    UseGuards(RateLimitGuard),
    ApiResponse({ status: 429, description: 'Too many attempts from this IP address, for this email or by this account (1429); see Retry-After.' }),
  );
}
