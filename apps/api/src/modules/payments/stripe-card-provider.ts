import Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import type { CardProvider, IntentStatus, ProviderDispute, ProviderEvent, ProviderIntent, ProviderRefund, RefundStatus, SavedCard } from './card-provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The Connect endpoint's secret, when connected accounts' events come from a second endpoint. */
  connectWebhookSecret?: string;
  /** A local server that speaks Stripe's API (tests); unset: api.stripe.com. */
  apiUrl?: string;
}

/** Stripe's tolerance for a webhook's timestamp, in seconds (older signatures are refused). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const latestCharge = intent.latest_charge && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = latestCharge?.payment_method_details?.card ?? null;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as IntentStatus,
    amountCents: intent.amount,
    refunded: latestCharge?.refunded ?? false,
    amountRefundedCents: latestCharge?.amount_refunded ?? 0,
    // A declined attempt leaves a charge too (status failed): only one that went through held the card.
    authorisedAt: latestCharge && latestCharge.status !== 'failed' ? latestCharge.created : null,
    captureBefore: card?.capture_before ?? null,
    card: card ? { brand: card.brand ?? 'card', last4: card.last4 ?? '' } : null,
    chargeId: typeof intent.latest_charge === 'string' ? intent.latest_charge : (latestCharge?.id ?? null),
  };
}

function toRefund(refund: Stripe.Refund): ProviderRefund {
  return {
    id: refund.id,
    status: (refund.status ?? 'pending') as RefundStatus,
    amountCents: refund.amount,
    failureReason: refund.failure_reason ?? null,
    ours: Boolean(refund.metadata?.huddle_key),
    key: refund.metadata?.huddle_key ?? null,
  };
}

/**
 * Stripe behind the card-provider interface: PaymentIntents with manual capture for a request
 * (authorised on payment, captured on acceptance) and automatic capture for a campaign (partial
 * refunds give back a share), an idempotency key on every call that changes something,
 * webhooks verified with the endpoint's signing secret.
 */
export class StripeCardProvider implements CardProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private dataSource: DataSource | null = null;

  constructor(private readonly settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(url ? { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  }

  /** Where payer -> customer mappings are kept (stripe_customers). */
  useDatabase(dataSource: DataSource): this {
    this.dataSource = dataSource;
    return this;
  }

  async createIntent(input: Parameters<CardProvider['createIntent']>[0]): Promise<ProviderIntent> {
    const customer = await this.customerOf(input.payerId, input.payerEmail ?? null);
    const intent = await this.stripe.paymentIntents.create(
      {
        ...(input.payerEmail ? { receipt_email: input.payerEmail } : {}),
        amount: input.amountCents,
        currency: 'usd',
        capture_method: input.captureMethod,
        customer,
        description: input.description.slice(0, 300),
        metadata: { request_id: input.requestId, payer_id: input.payerId },
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toIntent(intent);
  }

  async retrieveIntent(intentId: string): Promise<ProviderIntent> {
    return toIntent(await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }));
  }

  async capture(intentId: string, idempotencyKey: string): Promise<ProviderIntent> {
    return toIntent(await this.stripe.paymentIntents.capture(intentId, {}, { idempotencyKey }));
  }

  async cancel(intentId: string, idempotencyKey: string): Promise<ProviderIntent> {
    // With its charge: whether the canceled intent had held the card (a release to record) is read from it.
    return toIntent(await this.stripe.paymentIntents.cancel(intentId, { expand: ['latest_charge'] }, { idempotencyKey }));
  }

  async refund(intentId: string, idempotencyKey: string, amountCents?: number): Promise<{ intent: ProviderIntent; refund: ProviderRefund }> {
    // Stripe forgets an idempotency key after about a day: a later retry first looks for the
    // refund it may have made, by the key it carries as metadata.
    const made = await this.stripe.refunds.list({ payment_intent: intentId, limit: 100 });
    const existing = made.data.find((refund) => refund.metadata?.huddle_key === idempotencyKey);
    if (existing) return { intent: await this.retrieveIntent(intentId), refund: toRefund(existing) };
    // Huddle's key rides along as metadata, so a refund made in the Dashboard is told apart.
    const created = await this.stripe.refunds.create(
      { payment_intent: intentId, metadata: { huddle_key: idempotencyKey }, ...(amountCents === undefined ? {} : { amount: amountCents }) },
      { idempotencyKey },
    );
    // A repeated key replays the first answer: the refund's status is read again, as it is now.
    const refund = await this.retrieveRefund(created.id);
    return { intent: await this.retrieveIntent(intentId), refund };
  }

  async retrieveRefund(refundId: string): Promise<ProviderRefund> {
    return toRefund(await this.stripe.refunds.retrieve(refundId));
  }

  async listRefunds(intentId: string): Promise<ProviderRefund[]> {
    const refunds = await this.stripe.refunds.list({ payment_intent: intentId, limit: 100 });
    return refunds.data.map(toRefund);
  }

  async retrieveDispute(disputeId: string): Promise<ProviderDispute> {
    const dispute = await this.stripe.disputes.retrieve(disputeId);
    return {
      id: dispute.id,
      intentId: typeof dispute.payment_intent === 'string' ? dispute.payment_intent : (dispute.payment_intent?.id ?? ''),
      amountCents: dispute.amount,
      status: dispute.status,
      reason: dispute.reason ?? null,
      evidenceDueBy: dispute.evidence_details?.due_by ?? null,
    };
  }

  async createSetup(payerId: string, idempotencyKey: string): Promise<{ clientSecret: string }> {
    const customer = await this.customerOf(payerId);
    const setup = await this.stripe.setupIntents.create({ customer, usage: 'on_session', automatic_payment_methods: { enabled: true } }, { idempotencyKey });
    return { clientSecret: setup.client_secret ?? '' };
  }

  async listCards(payerId: string): Promise<SavedCard[]> {
    const customer = await this.customerOf(payerId);
    const methods = await this.stripe.paymentMethods.list({ customer, type: 'card', limit: 20 });
    return methods.data
      .filter((method) => method.card)
      .map((method) => ({ id: method.id, brand: method.card?.brand ?? 'card', last4: method.card?.last4 ?? '', expMonth: method.card?.exp_month ?? 0, expYear: method.card?.exp_year ?? 0 }));
  }

  async payerOfSetup(setupId: string): Promise<string | null> {
    if (!this.dataSource) throw new Error('StripeCardProvider needs its database (useDatabase)');
    let setup: Stripe.SetupIntent;
    try {
      setup = await this.stripe.setupIntents.retrieve(setupId);
    } catch (error) {
      // Not one of this platform's (another account's event): nobody of Huddle's to count it against.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw error;
    }
    const customer = typeof setup.customer === 'string' ? setup.customer : (setup.customer?.id ?? null);
    if (!customer) return null;
    const rows: Array<{ account_id: string }> = await this.dataSource.query(`SELECT account_id FROM stripe_customers WHERE customer_id = $1`, [customer]);
    return rows[0]?.account_id ?? null;
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!signature) throw new Error('No Stripe-Signature header');
    const event = this.constructEvent(rawBody, signature);
    const object = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
    let intentId: string | null = null;
    if (object.object === 'payment_intent' && object.id) intentId = object.id;
    else if (object.payment_intent) intentId = typeof object.payment_intent === 'string' ? object.payment_intent : object.payment_intent.id;
    return { id: event.id, type: event.type, intentId, objectType: object.object ?? 'unknown', objectId: object.id ?? null, accountId: event.account ?? null };
  }

  /** Verified with the platform endpoint's secret, else the Connect endpoint's: Stripe signs each endpoint's events with its own. */
  private constructEvent(rawBody: Buffer, signature: string): Stripe.Event {
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      if (!this.settings.connectWebhookSecret) throw error;
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.connectWebhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    }
  }

  private async customerOf(payerId: string, email: string | null = null): Promise<string> {
    if (!this.dataSource) throw new Error('StripeCardProvider needs its database (useDatabase)');
    const rows: Array<{ customer_id: string }> = await this.dataSource.query(`SELECT customer_id FROM stripe_customers WHERE account_id = $1`, [payerId]);
    if (rows[0]) return rows[0].customer_id;
    const customer = await this.stripe.customers.create({ ...(email ? { email } : {}), metadata: { account_id: payerId } }, { idempotencyKey: `huddle:customer:${payerId}` });
    await this.dataSource.query(`INSERT INTO stripe_customers (account_id, customer_id) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING`, [payerId, customer.id]);
    const stored: Array<{ customer_id: string }> = await this.dataSource.query(`SELECT customer_id FROM stripe_customers WHERE account_id = $1`, [payerId]);
    return stored[0].customer_id;
  }
}
