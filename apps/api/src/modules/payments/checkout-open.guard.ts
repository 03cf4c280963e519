import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from '../../common/access/authenticated-account';
import { DeclinedPayments } from './declined-payments';

/** Refuses the route (1429) while the caller's checkout is paused after too many declined cards. */
@Injectable()
export class CheckoutOpenGuard implements CanActivate {
  constructor(private readonly declines: DeclinedPayments) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const account = context.switchToHttp().getRequest<AuthenticatedRequest>().auth?.account;
    // A route without a session is refused by the access guard before this one runs.
    if (account) await this.declines.assertCheckoutOpen(account.id);
    return true;
  }
}
