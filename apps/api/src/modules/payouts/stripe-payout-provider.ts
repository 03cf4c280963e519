import Stripe from 'stripe';
import type { ConnectAccount, ConnectedPayout, PayoutProvider, ProviderTransfer, TransferInput } from './payout-provider';

export interface StripeConnectSettings {
  secretKey: string;
  /** A local server that speaks Stripe's API (tests); unset: api.stripe.com. */
  apiUrl?: string;
}

function toAccount(account: Stripe.Account): ConnectAccount {
  return {
    id: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: account.requirements?.currently_due ?? [],
  };
}

function toTransfer(transfer: Stripe.Transfer): ProviderTransfer {
  const destination = typeof transfer.destination === 'string' ? transfer.destination : (transfer.destination?.id ?? '');
  return {
    id: transfer.id,
    amountCents: transfer.amount,
    destination,
    reversed: transfer.reversed,
    amountReversedCents: transfer.amount_reversed,
    payoutItemId: transfer.metadata?.payout_item_id ?? null,
    allocationId: transfer.metadata?.allocation_id ?? null,
    sourceTransaction: typeof transfer.source_transaction === 'string' ? transfer.source_transaction : (transfer.source_transaction?.id ?? null),
  };
}

/**
 * Stripe Connect behind the payout-provider interface: an Express account per athlete onboarded
 * through Stripe's hosted Account Links, and separate charges and transfers: one transfer per
 * payout allocation (the part of a payout item that pays one request), drawn on that request's
 * charge with source_transaction, its idempotency key kept with the allocation in our database.
 */
export class StripePayoutProvider implements PayoutProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(settings: StripeConnectSettings) {
    const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(url ? { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  }

  async createAccount(input: { athleteId: string; email: string | null; idempotencyKey: string }): Promise<ConnectAccount> {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        ...(input.email ? { email: input.email } : {}),
        capabilities: { transfers: { requested: true } },
        metadata: { athlete_id: input.athleteId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toAccount(account);
  }

  async retrieveAccount(accountId: string): Promise<ConnectAccount> {
    return toAccount(await this.stripe.accounts.retrieve(accountId));
  }

  async createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string; expiresAt: number }> {
    const link = await this.stripe.accountLinks.create({ account: input.accountId, refresh_url: input.refreshUrl, return_url: input.returnUrl, type: 'account_onboarding' });
    return { url: link.url, expiresAt: link.expires_at };
  }

  /**
   * Stripe forgets an idempotency key after about a day, so a retry later than that (an
   * administrator's Retry of a stuck payout) first looks for the transfer it may have made: the
   * payout's transfer group, the key in its metadata. Only when there is none is one created.
   */
  async createTransfer(input: TransferInput): Promise<ProviderTransfer> {
    const made = await this.findTransfer(input.transferGroup, input.idempotencyKey);
    if (made) return made;
    const transfer = await this.stripe.transfers.create(
      {
        amount: input.amountCents,
        currency: 'usd',
        destination: input.destination,
        transfer_group: input.transferGroup,
        ...(input.sourceTransaction ? { source_transaction: input.sourceTransaction } : {}),
        metadata: { ...input.metadata, huddle_key: input.idempotencyKey },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toTransfer(transfer);
  }

  async findTransfer(transferGroup: string, idempotencyKey: string): Promise<ProviderTransfer | null> {
    for await (const made of this.stripe.transfers.list({ transfer_group: transferGroup, limit: 100 })) {
      if (made.metadata?.huddle_key === idempotencyKey) return toTransfer(made);
    }
    return null;
  }

  async transfersOfGroup(transferGroup: string): Promise<ProviderTransfer[]> {
    const transfers: ProviderTransfer[] = [];
    for await (const made of this.stripe.transfers.list({ transfer_group: transferGroup, limit: 100 })) transfers.push(toTransfer(made));
    return transfers;
  }

  async retrieveTransfer(transferId: string): Promise<ProviderTransfer> {
    return toTransfer(await this.stripe.transfers.retrieve(transferId));
  }

  async retrievePayout(accountId: string, payoutId: string): Promise<ConnectedPayout | null> {
    try {
      const payout = await this.stripe.payouts.retrieve(payoutId, {}, { stripeAccount: accountId });
      return { id: payout.id, status: payout.status, amountCents: payout.amount, failureMessage: payout.failure_message };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw error;
    }
  }
}
