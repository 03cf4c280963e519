import { Injectable } from '@nestjs/common';

/**
 * Owner of requests and campaigns: booking, the request state machine (one transaction per
 * change, transitions from @huddle/domain), counters and reviews. It announces changes as domain
 * events (request.accepted, ...) for payments and notifications to act on.
 */
@Injectable()
export class BookingService {}
