import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeStripeConnect } from './fake-stripe-connect';

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  capture_method: string;
  client_secret: string;
  customer: string | null;
  status: string;
  metadata: Record<string, string>;
  refunded: boolean;
  amount_refunded: number;
  receipt_email: string | null;
  /** When the card was authorised (unix seconds) and until when Stripe holds it. */
  authorised_at?: number;
  capture_before?: number;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: string;
  failure_reason: string | null;
  created: number;
  metadata: Record<string, string>;
}

interface Dispute {
  id: string;
  object: 'dispute';
  amount: number;
  payment_intent: string;
  charge: string;
  status: string;
  reason: string;
  evidence_details: { due_by: number };
}

/** One call the server received: what tests assert on (idempotency keys, how often a capture ran). */
export interface StripeCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** Stripe's form encoding (metadata[request_id]=x) into a flat map of bracketed keys. */
function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) fields[key] = value;
  return fields;
}

/**
 * A local server that speaks the parts of Stripe's REST API Huddle uses (PaymentIntents with manual
 * or automatic capture, full and partial refunds, customers, setup intents, payment methods), with Stripe's idempotency rule: a
 * repeated Idempotency-Key answers the first response and does nothing again. Tests point the real
 * `stripe` SDK at it (STRIPE_API_URL) and play the browser's part with authorise().
 */
export class FakeStripeServer {
  readonly calls: StripeCall[] = [];
  readonly intents = new Map<string, Intent>();
  /** Customers by id, with the email Huddle gave them. */
  readonly customers = new Map<string, { id: string; email: string | null }>();
  readonly refunds = new Map<string, Refund>();
  readonly disputes = new Map<string, Dispute>();
  /** SetupIntents (card saves) with the customer they save a card for. */
  readonly setupIntents = new Map<string, { id: string; object: 'setup_intent'; customer: string | null; status: string }>();
  /** Connect: accounts, account links, transfers and connected accounts' payouts (payouts' tests). */
  readonly connect = new FakeStripeConnect((chargeId) => {
    // Each intent's one charge is ch_<intent id> (view() below).
    const intent = this.intents.get(chargeId.replace(/^ch_/, ''));
    return chargeId.startsWith('ch_') && intent ? { amount: intent.amount, captured: intent.status === 'succeeded' } : null;
  });
  /** The status the next refund is created with (Stripe answers 'pending' for some methods). */
  nextRefundStatus = 'succeeded';
  private readonly replies = new Map<string, { status: number; body: unknown }>();
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    // Held calls never get an answer: their sockets are closed with the server.
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The browser confirmed the card: the intent holds the money, or (automatic capture) took it. */
  authorise(intentId: string): void {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`No intent ${intentId}`);
    intent.status = intent.capture_method === 'automatic' ? 'succeeded' : 'requires_capture';
    intent.authorised_at = Math.floor(Date.now() / 1000);
    intent.capture_before = intent.authorised_at + 7 * 24 * 3600;
  }

  /** Stripe cancels an uncaptured intent whose hold expired (or someone canceled it in the Dashboard). */
  lapse(intentId: string): void {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`No intent ${intentId}`);
    intent.status = 'canceled';
  }

  /** A refund's later fate (refund.updated / refund.failed). */
  settleRefund(refundId: string, status: string, failureReason: string | null = null): void {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`No refund ${refundId}`);
    refund.status = status;
    refund.failure_reason = failureReason;
  }

  /** A refund made in Stripe's Dashboard, outside Huddle. */
  refundOutside(intentId: string, amount: number): Refund {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`No intent ${intentId}`);
    intent.amount_refunded += amount;
    intent.refunded = intent.amount_refunded === intent.amount;
    const refund: Refund = { id: id('re'), object: 'refund', amount, payment_intent: intentId, status: 'succeeded', failure_reason: null, created: Math.floor(Date.now() / 1000), metadata: {} };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  /** The cardholder disputes the charge; `status` moves it along (needs_response, under_review, won, lost). */
  dispute(intentId: string, status = 'needs_response', disputeId?: string): Dispute {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`No intent ${intentId}`);
    const existing = disputeId ? this.disputes.get(disputeId) : undefined;
    const dispute: Dispute = existing ?? {
      id: id('dp'),
      object: 'dispute',
      amount: intent.amount,
      payment_intent: intentId,
      charge: `ch_${intentId}`,
      status,
      reason: 'fraudulent',
      evidence_details: { due_by: Math.floor(Date.now() / 1000) + 7 * 24 * 3600 },
    };
    dispute.status = status;
    this.disputes.set(dispute.id, dispute);
    return dispute;
  }

  /** Stripe keeps idempotency keys about 24 hours: after that a repeated key is a new request. */
  forgetIdempotencyKeys(): void {
    this.replies.clear();
  }

  count(method: string, pattern: RegExp): number {
    return this.calls.filter((call) => call.method === method && pattern.test(call.path)).length;
  }

  /**
   * Holds the next call matching `path` (crash tests): 'before' Stripe acts on it, so a client
   * killed meanwhile made no change; or 'after' Stripe acted and recorded its answer for the key,
   * so only the reply is lost. Resolves when the call arrived; the held call is then dropped
   * without an answer (the client is gone).
   */
  hold(method: string, path: RegExp, when: 'before' | 'after'): Promise<void> {
    return new Promise((resolve) => {
      this.gate = { method, path, when, arrived: resolve };
    });
  }

  private gate: { method: string; path: RegExp; when: 'before' | 'after'; arrived: () => void } | null = null;

  /**
   * Delays the next call matching `path` until `release` resolves, then answers it as usual (a
   * slow Stripe: the caller is still waiting when something else happens meanwhile). Resolves
   * when the call arrived.
   */
  delay(method: string, path: RegExp, release: Promise<void>): Promise<void> {
    return new Promise((resolve) => {
      this.slow = { method, path, release, arrived: resolve };
    });
  }

  private slow: { method: string; path: RegExp; release: Promise<void>; arrived: () => void } | null = null;

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
    this.calls.push({ method, path: url.pathname, idempotencyKey: key });
    const gate = this.gate && this.gate.method === method && this.gate.path.test(url.pathname) ? this.gate : null;
    if (gate) this.gate = null;
    const slow = this.slow && this.slow.method === method && this.slow.path.test(url.pathname) ? this.slow : null;
    if (slow) {
      this.slow = null;
      slow.arrived();
      await slow.release;
    }
    if (gate?.when === 'before') {
      gate.arrived();
      return;
    }
    const replay = key ? this.replies.get(key) : undefined;
    const { status, body } = replay ?? this.route(method, url, parseForm(Buffer.concat(chunks).toString('utf8')));
    if (key && !replay) this.replies.set(key, { status, body });
    if (gate?.when === 'after') {
      gate.arrived();
      return;
    }
    response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
    response.end(JSON.stringify(body));
  }

  private route(method: string, url: URL, form: Record<string, string>): { status: number; body: unknown } {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), email: form.email ?? null };
      this.customers.set(customer.id, customer);
      return { status: 200, body: { ...customer, object: 'customer' } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = id('pi');
      const metadata: Record<string, string> = {};
      for (const [field, value] of Object.entries(form)) {
        const match = /^metadata\[(.+)\]$/.exec(field);
        if (match) metadata[match[1]] = value;
      }
      const intent: Intent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        capture_method: form.capture_method,
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        customer: form.customer ?? null,
        status: 'requires_payment_method',
        metadata,
        refunded: false,
        amount_refunded: 0,
        receipt_email: form.receipt_email ?? null,
      };
      this.intents.set(intentId, intent);
      return { status: 200, body: this.view(intent) };
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    if (match) {
      const intent = this.intents.get(match[1]);
      if (!intent) return this.error(404, 'resource_missing', `No such payment_intent: '${match[1]}'`);
      if (method === 'GET') return { status: 200, body: this.view(intent) };
      if (match[2] === 'capture') {
        if (intent.status !== 'requires_capture') return this.error(400, 'payment_intent_unexpected_state', `This PaymentIntent could not be captured because it has a status of ${intent.status}.`);
        intent.status = 'succeeded';
        return { status: 200, body: this.view(intent) };
      }
      if (match[2] === 'cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return this.error(400, 'payment_intent_unexpected_state', `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
        }
        intent.status = 'canceled';
        return { status: 200, body: this.view(intent) };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = this.intents.get(form.payment_intent);
      if (!intent || intent.status !== 'succeeded') return this.error(400, 'charge_not_captured', 'This PaymentIntent has no captured charge to refund.');
      const left = intent.amount - intent.amount_refunded;
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (!(amount > 0) || amount > left) return this.error(400, 'amount_too_large', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`);
      intent.amount_refunded += amount;
      intent.refunded = intent.amount_refunded === intent.amount;
      const refund: Refund = {
        id: id('re'),
        object: 'refund',
        amount,
        payment_intent: intent.id,
        status: this.nextRefundStatus,
        failure_reason: null,
        created: Math.floor(Date.now() / 1000),
        metadata: form['metadata[huddle_key]'] ? { huddle_key: form['metadata[huddle_key]'] } : {},
      };
      this.refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    const refundMatch = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundMatch) {
      const refund = this.refunds.get(refundMatch[1]);
      return refund ? { status: 200, body: refund } : this.error(404, 'resource_missing', `No such refund: '${refundMatch[1]}'`);
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const intentId = url.searchParams.get('payment_intent');
      const data = [...this.refunds.values()].filter((refund) => refund.payment_intent === intentId).reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    const disputeMatch = /^\/v1\/disputes\/([^/]+)$/.exec(path);
    if (method === 'GET' && disputeMatch) {
      const dispute = this.disputes.get(disputeMatch[1]);
      return dispute ? { status: 200, body: dispute } : this.error(404, 'resource_missing', `No such dispute: '${disputeMatch[1]}'`);
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const setup = { id: id('seti'), object: 'setup_intent' as const, customer: form.customer ?? null, status: 'requires_payment_method' };
      this.setupIntents.set(setup.id, setup);
      return { status: 200, body: { ...setup, client_secret: `${setup.id}_secret_x` } };
    }
    const setupMatch = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && setupMatch) {
      const setup = this.setupIntents.get(setupMatch[1]);
      return setup ? { status: 200, body: setup } : this.error(404, 'resource_missing', `No such setupintent: '${setupMatch[1]}'`);
    }
    if (method === 'GET' && path === '/v1/payment_methods') {
      return { status: 200, body: { object: 'list', data: [], has_more: false, url: '/v1/payment_methods' } };
    }
    const connectReply = this.connect.route(method, path, form, null, url.searchParams);
    if (connectReply) return connectReply;
    return this.error(404, 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
  }

  private view(intent: Intent): object {
    // The charge exists once the card was authorised; capture_before is Stripe's hold deadline.
    const charge =
      intent.authorised_at !== undefined || intent.status === 'succeeded'
        ? {
            id: `ch_${intent.id}`,
            object: 'charge',
            status: 'succeeded',
            created: intent.authorised_at ?? Math.floor(Date.now() / 1000),
            refunded: intent.refunded,
            amount_refunded: intent.amount_refunded,
            payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', capture_before: intent.status === 'requires_capture' ? intent.capture_before : undefined } },
          }
        : null;
    return { ...intent, latest_charge: charge, refunded: undefined, amount_refunded: undefined, authorised_at: undefined, capture_before: undefined };
  }

  private error(status: number, code: string, message: string): { status: number; body: unknown } {
    return { status, body: { error: { type: 'invalid_request_error', code, message } } };
  }
}
