import { randomBytes } from 'node:crypto';

interface Account {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: { currently_due: string[] };
  metadata: Record<string, string>;
}

interface Transfer {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  source_transaction: string | null;
  metadata: Record<string, string>;
  reversed: boolean;
  amount_reversed: number;
}

/** A charge as the platform's side of the fake knows it: what a transfer may be drawn on. */
export interface FakeCharge {
  amount: number;
  /** Captured: only a succeeded charge's funds can be transferred. */
  captured: boolean;
}

interface Payout {
  id: string;
  object: 'payout';
  account: string;
  amount: number;
  status: string;
  failure_message: string | null;
}

type Reply = { status: number; body: unknown };

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function metadataOf(form: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [field, value] of Object.entries(form)) {
    const match = /^metadata\[(.+)\]$/.exec(field);
    if (match) metadata[match[1]] = value;
  }
  return metadata;
}

function error(status: number, code: string, message: string): Reply {
  return { status, body: { error: { type: 'invalid_request_error', code, message } } };
}

/**
 * The Connect part of the local Stripe (FakeStripeServer routes to it): Express accounts, account
 * links, transfers from the platform's balance and connected accounts' payouts. Tests play the
 * athlete's hosted onboarding (completeOnboarding) and Stripe's own later changes (restrict,
 * reverse, failPayout). The server's Idempotency-Key replay applies to these calls as to the rest.
 *
 * Money for transfers, as Stripe has it: a transfer with a source_transaction is drawn on that
 * charge (which must exist and be captured) and may take at most what the charge has left after
 * the transfers already drawn on it; one without draws on the platform's available balance, which
 * is empty until charges settle (days after a capture): `balance_insufficient`.
 */
export class FakeStripeConnect {
  readonly accounts = new Map<string, Account>();
  readonly transfers = new Map<string, Transfer>();
  readonly payouts = new Map<string, Payout>();
  /** The platform's available balance in cents (charges captured today are still pending in it). */
  availableBalance = 0;

  constructor(private readonly chargeOf: (chargeId: string) => FakeCharge | null = () => null) {}

  /** The athlete finished Stripe's hosted onboarding (with a bank account, or not). */
  completeOnboarding(accountId: string, withBankAccount = true): void {
    const account = this.require(accountId);
    account.details_submitted = true;
    account.charges_enabled = withBankAccount;
    account.payouts_enabled = withBankAccount;
    account.requirements.currently_due = withBankAccount ? [] : ['external_account'];
  }

  restrict(accountId: string, requirement: string): void {
    const account = this.require(accountId);
    account.payouts_enabled = false;
    account.requirements.currently_due.push(requirement);
  }

  reverse(transferId: string): void {
    const transfer = this.transfers.get(transferId);
    if (!transfer) throw new Error(`No transfer ${transferId}`);
    transfer.reversed = true;
    transfer.amount_reversed = transfer.amount;
  }

  /** A connected account's payout to its bank that the bank refused. */
  failPayout(accountId: string, amount: number, message: string): string {
    const payout: Payout = { id: id('po'), object: 'payout', account: accountId, amount, status: 'failed', failure_message: message };
    this.payouts.set(payout.id, payout);
    return payout.id;
  }

  route(method: string, path: string, form: Record<string, string>, stripeAccount: string | null, query: URLSearchParams = new URLSearchParams()): Reply | null {
    if (method === 'GET' && path === '/v1/transfers') {
      const group = query.get('transfer_group');
      const data = [...this.transfers.values()].filter((transfer) => group === null || transfer.transfer_group === group).reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/transfers' } };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account: Account = {
        id: id('acct'),
        object: 'account',
        type: form.type,
        email: form.email ?? null,
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { currently_due: ['external_account', 'individual.first_name', 'tos_acceptance.date'] },
        metadata: metadataOf(form),
      };
      if (account.type !== 'express' || form['capabilities[transfers][requested]'] !== 'true') return error(400, 'parameter_missing', 'Huddle asks for Express accounts with transfers');
      this.accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && accountMatch) {
      const account = this.accounts.get(accountMatch[1]);
      return account ? { status: 200, body: account } : error(404, 'resource_missing', `No such account: '${accountMatch[1]}'`);
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!this.accounts.has(form.account)) return error(400, 'resource_missing', `No such account: '${form.account}'`);
      if (!form.refresh_url || !form.return_url || form.type !== 'account_onboarding') return error(400, 'parameter_missing', 'refresh_url, return_url and type are required');
      const created = Math.floor(Date.now() / 1000);
      return { status: 200, body: { object: 'account_link', url: `https://connect.stripe.test/setup/e/${form.account}/${randomBytes(8).toString('hex')}`, created, expires_at: created + 300 } };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const destination = this.accounts.get(form.destination);
      if (!destination) return error(400, 'resource_missing', `No such destination: '${form.destination}'`);
      // Stripe refuses a transfer to an account whose transfers capability is not active.
      if (!destination.payouts_enabled) return error(400, 'insufficient_capabilities_for_transfer', 'Your destination account needs to have at least one of the following capabilities enabled: transfers');
      const amount = Number(form.amount);
      const source = form.source_transaction ?? null;
      if (source !== null) {
        const charge = this.chargeOf(source);
        if (!charge) return error(400, 'resource_missing', `No such charge: '${source}'`);
        if (!charge.captured) return error(400, 'charge_not_captured', `The charge ${source} has not been captured, so no transfer can be made from it.`);
        const taken = [...this.transfers.values()].filter((transfer) => transfer.source_transaction === source).reduce((sum, transfer) => sum + transfer.amount - transfer.amount_reversed, 0);
        if (amount > charge.amount - taken) {
          return error(400, 'transfer_source_balance_parameters_mismatch', `The transfer amount (${amount}) is more than the source transaction ${source} has left (${charge.amount - taken}).`);
        }
      } else {
        if (amount > this.availableBalance) return error(400, 'balance_insufficient', 'You have insufficient available funds in your Stripe account.');
        this.availableBalance -= amount;
      }
      const transfer: Transfer = {
        id: id('tr'),
        object: 'transfer',
        amount,
        currency: form.currency,
        destination: destination.id,
        transfer_group: form.transfer_group ?? null,
        source_transaction: source,
        metadata: metadataOf(form),
        reversed: false,
        amount_reversed: 0,
      };
      this.transfers.set(transfer.id, transfer);
      return { status: 200, body: transfer };
    }
    const transferMatch = /^\/v1\/transfers\/([^/]+)$/.exec(path);
    if (method === 'GET' && transferMatch) {
      const transfer = this.transfers.get(transferMatch[1]);
      return transfer ? { status: 200, body: transfer } : error(404, 'resource_missing', `No such transfer: '${transferMatch[1]}'`);
    }
    const payoutMatch = /^\/v1\/payouts\/([^/]+)$/.exec(path);
    if (method === 'GET' && payoutMatch) {
      const payout = this.payouts.get(payoutMatch[1]);
      // A connected account's payout is read with the Stripe-Account header.
      if (!payout || (stripeAccount !== null && payout.account !== stripeAccount)) return error(404, 'resource_missing', `No such payout: '${payoutMatch[1]}'`);
      return { status: 200, body: payout };
    }
    return null;
  }

  private require(accountId: string): Account {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`No account ${accountId}`);
    return account;
  }
}
