import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, normalizeEmail } from '@huddle/domain';
import { AppConfig } from '../../config/app-config';
import type { AuthenticatedRequest } from '../access/authenticated-account';
import { DomainError } from '../errors/domain-error';
import { BatchedCounts } from './batched-counts';
import { RATE_LIMIT_METADATA, rateLimitMessage, rateLimitRules } from './rate-limit.policies';
import type { RateLimitPolicy } from './rate-limit.policies';

function hashed(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Counts a route's calls per client IP address, per email address (the body's `email`) or per
 * signed-in account, as its policy says, each
 * against its own limit from AppConfig, in @nestjs/throttler's storage. Counting per email stops
 * one account being guessed at from many addresses; per IP stops one address trying many accounts.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    private readonly batched: BatchedCounts,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.get<RateLimitPolicy | undefined>(RATE_LIMIT_METADATA, context.getHandler());
    if (!policy) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const body: unknown = request.body;
    const email = typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string' ? normalizeEmail(body.email) : '';
    const account = (request as AuthenticatedRequest).auth?.account.id ?? '';
    const trackers = { ip: request.ip || 'unknown', email, account };

    for (const rule of rateLimitRules(policy, this.config)) {
      const tracker = trackers[rule.by];
      // A missing email is a validation failure for the route to report, not a bucket of its own;
      // a missing account is refused by the access guard before this one runs.
      if (!tracker) continue;
      const key = `${policy}:${rule.by}:${hashed(tracker)}`;
      const record = rule.batched ? await this.batched.increment(key, rule.windowMs, rule.limit) : await this.storage.increment(key, rule.windowMs, rule.limit, 0, policy);
      if (record.isBlocked) {
        http.getResponse<FastifyReply>().header('Retry-After', String(Math.max(1, record.timeToBlockExpire)));
        throw new DomainError(ErrorCode.TooManyRequests, rateLimitMessage(policy));
      }
    }
    return true;
  }
}
