import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  private readonly replies = new Map<string, { status: number; body: unknown }>();
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The browser confirmed the card: the intent holds the money, or (automatic capture) took it. */
  authorise(intentId: string): void {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`No intent ${intentId}`);
    intent.status = intent.capture_method === 'automatic' ? 'succeeded' : 'requires_capture';
  }

  count(method: string, pattern: RegExp): number {
    return this.calls.filter((call) => call.method === method && pattern.test(call.path)).length;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
    this.calls.push({ method, path: url.pathname, idempotencyKey: key });
    const replay = key ? this.replies.get(key) : undefined;
    const { status, body } = replay ?? this.route(method, url, parseForm(Buffer.concat(chunks).toString('utf8')));
    if (key && !replay) this.replies.set(key, { status, body });
    response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
    response.end(JSON.stringify(body));
  }

  private route(method: string, url: URL, form: Record<string, string>): { status: number; body: unknown } {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: { id: id('cus'), object: 'customer' } };
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
      return { status: 200, body: { id: id('re'), object: 'refund', amount, payment_intent: intent.id, status: 'succeeded' } };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const setupId = id('seti');
      return { status: 200, body: { id: setupId, object: 'setup_intent', client_secret: `${setupId}_secret_x`, status: 'requires_payment_method' } };
    }
    if (method === 'GET' && path === '/v1/payment_methods') {
      return { status: 200, body: { object: 'list', data: [], has_more: false, url: '/v1/payment_methods' } };
    }
    return this.error(404, 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
  }

  private view(intent: Intent): object {
    const charge = intent.status === 'succeeded' ? { id: `ch_${intent.id}`, object: 'charge', refunded: intent.refunded, amount_refunded: intent.amount_refunded } : null;
    return { ...intent, latest_charge: charge, refunded: undefined, amount_refunded: undefined };
  }

  private error(status: number, code: string, message: string): { status: number; body: unknown } {
    return { status, body: { error: { type: 'invalid_request_error', code, message } } };
  }
}
