import { Injectable } from '@nestjs/common';

/**
 * Owner of payments and payouts behind one card-provider interface (Stripe when configured, the
 * embedded sandbox otherwise). Amounts are stored as integer cents and spoken in dollars.
 */
@Injectable()
export class PaymentsService {}
