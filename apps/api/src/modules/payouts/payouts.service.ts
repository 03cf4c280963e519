import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { formatCents, UserType } from '@huddle/domain';
import { allocatePayout, canMarkPayoutPaid, PAYOUT_ITEM_HOLDING_STATUSES, payoutDue, payoutDueBefore, requestPayoutStatus } from '@huddle/domain/payouts';
import type { PayoutAllocation, PayoutDue, PayoutItemStatus, RequestPayoutStatus, RequestShareFacts } from '@huddle/domain/payouts';
import { AppConfig } from '../../config/app-config';
import { foldParty, PARTY_UNFOLDED_LIMIT } from '../../database/party-rollups';
import { Clock } from '../../common/time/clock';
import { AdminAudit } from '../audit/admin-audit.service';
import { JobsService } from '../jobs/jobs.service';
import type { Job } from '../jobs/jobs.service';
import { NotificationsService } from '../notifications/notifications.service';
import { PaymentsService } from '../payments/payments.service';
import { PAYMENT_DISPUTED, PAYMENT_REFUNDED_OUTSIDE, PROVIDER_CONNECT_EVENT } from '../payments/payments-events';
import type { PaymentDisputedEvent, PaymentRefundedOutsideEvent, ProviderConnectEvent, SandboxConnectChange, SandboxConnectEvent } from '../payments/payments-events';
import { PayoutAccountsService } from './payout-accounts.service';
import { allocationsOf, athleteContacts, athletePayoutItems, fullName, lastPayments, payoutsByIds, sentPayoutsPage } from './payout-lists.query';
import type { AthleteContact, PayoutItemRow, PayoutWithItems } from './payout-lists.query';
import { PAYOUT_PROVIDER, PayoutProviderError } from './payout-provider';
import type { PayoutProvider, ProviderTransfer } from './payout-provider';
import { athleteMoneyOf, athletesOwed, isShareHeld, sharesOf } from './payout-shares.query';
import type { AthleteShare } from './payout-shares.query';
import { PayoutsErrors } from './payouts.errors';
import { SandboxPayoutProvider } from './sandbox-payout-provider';

/** The daily comparison of payout items with the provider's transfers and the ledger. */
export const RECONCILE_TRANSFERS = 'payouts.reconcile-transfers';
export const TRANSFERS_RECONCILE_DAYS = 30;

/** The job that makes one payout item's transfer. */
export const PAYOUT_TRANSFER = 'payouts.transfer';

/**
 * How long a payout sent without an Idempotency-Key is remembered as the answer to a repeat of it:
 * the same administrator asking for the same amounts to the same athletes within this time is a
 * retry (a timed-out call sent again), not a second payout. The console always sends a key.
 */
export const UNKEYED_REPEAT_WINDOW_MS = 10 * 60 * 1000;

export interface PayoutLine {
  athleteId: string;
  amountCents: number;
  email: string | null;
  phone: string | null;
}

export interface SendPayoutInput {
  adminId: string;
  lines: readonly PayoutLine[];
  /** The console's confirmation key: a repeat answers the payout it made. */
  idempotencyKey: string | null;
}

/** One athlete the administrator may pay, with what is due and whether their account can take it. */
export interface PayoutCandidate {
  contact: AthleteContact;
  due: PayoutDue;
  lastPayment: { createdAt: Date; amountCents: number } | null;
  ready: boolean;
  accountState: string;
  reason: string | null;
}

export interface AthletePayoutSummary {
  /** Captured for requests not finished yet. */
  owedCents: number;
  /** Finished, but held by an open dispute. */
  heldCents: number;
  due: PayoutDue;
  onItsWayCents: number;
  paidCents: number;
  items: Array<{ item: PayoutItemRow; requests: Array<{ requestId: string; name: string; type: string; amountCents: number }> }>;
}

interface ItemForTransfer {
  id: string;
  athlete_id: string;
  amount_cents: number;
  status: string;
  destination_account_id: string;
  payout_id: string;
  provider_payout_id: string;
}

/** One part of an item: the cents it pays of one request, made as its own transfer drawn on that request's charge. */
interface AllocationForTransfer {
  id: string;
  request_id: string;
  /** Whose payment paid the request: a campaign's share was paid by the campaign's one charge. */
  campaign_id: string | null;
  amount_cents: number;
  status: PayoutItemStatus;
  idempotency_key: string;
}

interface PlannedItem {
  line: PayoutLine;
  itemId: string;
  allocations: Array<PayoutAllocation & { id: string }>;
}

/**
 * An item's state from its allocations' transfers: on its way while any is; sent when any reached
 * the athlete (the rest refused or reversed are payable again on their own); reversed or failed
 * when all of it came back.
 */
function itemStatusOf(statuses: readonly PayoutItemStatus[]): PayoutItemStatus {
  if (statuses.includes('pending')) return 'pending';
  if (statuses.includes('sent')) return 'sent';
  if (statuses.includes('reversed')) return 'reversed';
  return 'failed';
}

async function lockKey(manager: EntityManager, key: string): Promise<void> {
  // Held to the end of the transaction: one payout change per athlete (or per confirmation key) at a time.
  await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One request's payout: its status and the cents of its share that reached the athlete so far. */
export interface RequestPayout {
  status: RequestPayoutStatus;
  paidCents: number;
}

/**
 * Money out (issue 21; DESIGN "Requests and money", payouts). An administrator's payout is written
 * in one transaction under each athlete's lock (and the lock disputes take alone, so a dispute is
 * recorded before or after it, never between): what is payable is read again there (libs/domain's
 * rule over the ledger's shares), the batch, its items and the cents of each request they pay
 * (allocations), the `paid_out` movement of each item, the audit row, and one transfer job per
 * item. The job makes one transfer per allocation, drawn on that request's charge, with the
 * allocation's own idempotency key (stored with it), so a retry, a crash or a duplicate run
 * transfers once; a job that gives up marks what it had not transferred failed, puts that money
 * back into what is payable (`payout_returned`, keyed by the allocation) and records a money
 * incident. A reversed transfer gives back its allocation's money the same way.
 */
@Injectable()
export class PayoutsService implements OnModuleInit {
  private readonly logger = new Logger('Payouts');

  constructor(
    @Inject(PAYOUT_PROVIDER) private readonly provider: PayoutProvider,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly accounts: PayoutAccountsService,
    private readonly audit: AdminAudit,
    private readonly payments: PaymentsService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ itemId: string }>(PAYOUT_TRANSFER, (job) => this.transfer(job.data.itemId), {
      onGiveUp: (job, error, manager) => this.giveUp(job as Job<{ itemId: string }>, error, manager),
    });
    this.jobs.subscribe<ProviderConnectEvent>(PROVIDER_CONNECT_EVENT, 'payouts', (job) => this.onConnectEvent(job.data));
    this.jobs.subscribe<PaymentDisputedEvent>(PAYMENT_DISPUTED, 'payouts', ({ data }) =>
      this.onTakenBack(data.subjectId, {
        kind: 'dispute_opened',
        what: 'disputed',
        ending: 'recover it from the athlete or absorb it if the dispute is lost',
        key: `dispute_paid_out:${data.disputeId}`,
        details: { dispute_id: data.disputeId },
      }),
    );
    this.jobs.subscribe<PaymentRefundedOutsideEvent>(PAYMENT_REFUNDED_OUTSIDE, 'payouts', ({ data }) =>
      this.onTakenBack(data.subjectId, {
        kind: 'refund_outside_huddle',
        what: 'refunded at the card provider',
        ending: 'recover it from the athlete or absorb it',
        key: `refund_paid_out:${data.refundId}`,
        details: { refund_id: data.refundId },
      }),
    );
    this.jobs.register(RECONCILE_TRANSFERS, async () => {
      const differences = await this.reconcileTransfers({ days: TRANSFERS_RECONCILE_DAYS });
      if (differences.length > 0) this.logger.warn(`Transfer reconciliation: ${differences.length} differences (money incidents)`);
    });
    // Daily, just after the payments' reconciliation.
    this.jobs.schedule(RECONCILE_TRANSFERS, '5 9 * * *');
    const provider = this.provider;
    if (provider instanceof SandboxPayoutProvider) this.payments.useSandboxConnectPlayer((itemId, event) => this.playSandbox(provider, itemId, event));
  }

  /**
   * A payment was disputed, or refunded at the provider outside Huddle, after part of its athlete's
   * share had already left in a payout (the dispute or refund waited for that payout,
   * holdDisputesOffIn), or while it was on its way: the share cannot be held out any more, so the
   * administrator is told which payout item paid it, to recover it or absorb it. A part on its way
   * that its transfer then holds back closes this incident (holdBackIn). Reads booking's `requests`
   * (a campaign's requests) with the module's own allocations.
   */
  private async onTakenBack(
    subjectId: string,
    cause: { kind: 'dispute_opened' | 'refund_outside_huddle'; what: string; ending: string; key: string; details: Record<string, string> },
  ): Promise<void> {
    const paidOf = (manager: EntityManager): Promise<Array<{ payout_item_id: string; request_id: string; athlete_id: string; cents: number }>> =>
      manager.query(
        `SELECT a.payout_item_id, a.request_id, i.athlete_id, sum(a.amount_cents)::int AS cents
           FROM payout_allocations a JOIN payout_items i ON i.id = a.payout_item_id JOIN requests r ON r.id = a.request_id
          WHERE (r.id = $1 OR r.endorsement_campaign_id = $1) AND a.status IN ('pending', 'sent')
          GROUP BY a.payout_item_id, a.request_id, i.athlete_id ORDER BY a.payout_item_id, a.request_id`,
        [subjectId],
      );
    const candidates = await paidOf(this.dataSource.manager);
    if (candidates.length === 0) return;
    await this.dataSource.transaction(async (manager) => {
      // Under the items' locks, as their transfers hold a part back (holdBackIn): read again, a
      // part held back meanwhile is failed and named by nobody; one held back after this commits
      // closes this incident itself.
      await manager.query(`SELECT 1 FROM payout_items WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [[...new Set(candidates.map((row) => row.payout_item_id))]]);
      for (const row of await paidOf(manager)) {
        await this.payments.moneyIncidents.recordIn(manager, {
          kind: cause.kind,
          subjectType: 'payout_item',
          subjectId: row.payout_item_id,
          amountCents: row.cents,
          message: `The payment of request ${row.request_id} was ${cause.what} after ${formatCents(row.cents)} of its athlete's share was paid out in this payout: ${cause.ending}`,
          details: { ...cause.details, request_id: row.request_id, athlete_id: row.athlete_id },
          dedupKey: `${cause.key}:${row.payout_item_id}:${row.request_id}`,
        });
      }
    });
  }

  /**
   * The sandbox plays the provider's Connect side on a payout item: every transfer of it reversed
   * (as Stripe's Dashboard would), or the athlete's bank refusing a payout of its amount. Payments
   * reports each change as the provider's event, handled by onConnectEvent like Stripe's webhook.
   */
  private async playSandbox(provider: SandboxPayoutProvider, itemId: string, event: SandboxConnectEvent): Promise<{ changes: SandboxConnectChange[] } | { refused: string } | { missing: true }> {
    const rows: Array<{ destination_account_id: string; amount_cents: number; status: string }> = await this.dataSource.query(
      `SELECT destination_account_id, amount_cents, status FROM payout_items WHERE id = $1`,
      [itemId],
    );
    const item = rows[0];
    if (!item) return { missing: true };
    if (event === 'payout_failed') {
      if (item.status !== 'sent') return { refused: `The payout item is ${item.status}: nothing reached the athlete's account to pay out` };
      const payout = await provider.failPayout(item.destination_account_id, item.amount_cents, 'The bank account has been closed (sandbox).');
      return { changes: [{ type: 'payout.failed', objectType: 'payout', objectId: payout.id, accountId: item.destination_account_id }] };
    }
    const transfers = (await provider.transfersOfItem(itemId)).filter((transfer) => !transfer.reversed);
    if (transfers.length === 0) return { refused: 'The payout item has no transfer to reverse' };
    const changes: SandboxConnectChange[] = [];
    for (const transfer of transfers) {
      await provider.reverseTransfer(transfer.id);
      changes.push({ type: 'transfer.reversed', objectType: 'transfer', objectId: transfer.id, accountId: null });
    }
    return { changes };
  }

  /**
   * The transfers' part of the daily reconciliation: every item of the payouts of the last `days`
   * is compared, transfer by transfer (one per allocation), with the provider's transfers (re-read)
   * and with the ledger. An item must have its paid_out movement; a sent part must have its
   * transfer, for its amount, not reversed; a failed or reversed part its money returned; an item
   * still on its way after `graceSeconds` is stuck. Each difference is a money incident (once per
   * item and kind of difference), never a silent fix; the run is kept for the money desk.
   */
  async reconcileTransfers(options: { days: number; graceSeconds?: number }): Promise<Array<{ itemId: string; code: string; message: string }>> {
    const startedAt = this.clock.now();
    const now = startedAt.getTime();
    const since = new Date(now - options.days * 86400 * 1000);
    const settledBefore = now - (options.graceSeconds ?? 15 * 60) * 1000;
    const movementsOf = `coalesce((SELECT array_agg(m.movement) FROM ledger_movements m WHERE m.request_id = %s), '{}')`;
    const items: Array<{ id: string; status: string; amount_cents: number; provider_transfer_id: string | null; transfer_group: string; created_at: Date; movements: string[] }> =
      await this.dataSource.query(
        `SELECT i.id, i.status, i.amount_cents, i.provider_transfer_id, p.provider_payout_id AS transfer_group, i.created_at, ${movementsOf.replace('%s', 'i.id')} AS movements
           FROM payout_items i JOIN payouts p ON p.id = i.payout_id WHERE p.created_at >= $1 ORDER BY i.created_at, i.id`,
      [since],
    );
    const allocations: Array<{ id: string; payout_item_id: string; request_id: string; status: string; amount_cents: number; provider_transfer_id: string | null; movements: string[] }> =
      await this.dataSource.query(
        `SELECT a.id, a.payout_item_id, a.request_id, a.status, a.amount_cents, a.provider_transfer_id, ${movementsOf.replace('%s', 'a.id')} AS movements
           FROM payout_allocations a WHERE a.payout_item_id = ANY($1::uuid[]) ORDER BY a.payout_item_id, a.id`,
        [items.map((item) => item.id)],
      );
    const differences: Array<{ itemId: string; code: string; message: string }> = [];
    const differ = (itemId: string, code: string, message: string) => differences.push({ itemId, code, message });
    const compare = async (itemId: string, transferId: string, amountCents: number) => {
      try {
        const transfer = await this.provider.retrieveTransfer(transferId);
        if (transfer.amountCents !== amountCents) differ(itemId, 'amount', `The provider transferred ${transfer.amountCents} cents in ${transferId}, Huddle recorded ${amountCents}`);
        if (transfer.amountReversedCents > 0) differ(itemId, 'reversed', `The provider reversed ${transfer.amountReversedCents} cents of transfer ${transferId}; Huddle still counts it sent`);
      } catch (error) {
        differ(itemId, 'unreadable', `The provider did not answer for transfer ${transferId}: ${messageOf(error)}`);
      }
    };
    for (const item of items) {
      const paidOut = item.movements.includes('paid_out');
      const itemReturned = item.movements.includes('payout_returned');
      if (item.status === 'pending') {
        if (item.created_at.getTime() <= settledBefore) differ(item.id, 'stuck', 'The transfer is still on its way: its job has not made it');
        continue;
      }
      if (!paidOut) differ(item.id, 'ledger', 'The item was sent but the ledger does not hold it as paid out');
      // An item paid by one transfer of its own (before transfers were per charge).
      if (item.provider_transfer_id) {
        if (item.status === 'failed' || item.status === 'reversed') {
          if (!itemReturned) differ(item.id, 'not_returned', `The item is ${item.status} but its money was not made payable again`);
          continue;
        }
        if (itemReturned) differ(item.id, 'ledger', 'The item was sent but the ledger made its money payable again');
        await compare(item.id, item.provider_transfer_id, item.amount_cents);
        continue;
      }
      for (const allocation of allocations.filter((candidate) => candidate.payout_item_id === item.id)) {
        const returned = itemReturned || allocation.movements.includes('payout_returned');
        if (allocation.status === 'failed' || allocation.status === 'reversed') {
          if (!returned) differ(item.id, 'not_returned', `The transfer for request ${allocation.request_id} is ${allocation.status} but its money was not made payable again`);
          continue;
        }
        if (allocation.status !== 'sent') continue;
        if (returned) differ(item.id, 'ledger', `The transfer for request ${allocation.request_id} was sent but the ledger made its money payable again`);
        if (!allocation.provider_transfer_id) {
          differ(item.id, 'no_transfer', `The transfer for request ${allocation.request_id} is sent but names no transfer`);
          continue;
        }
        await compare(item.id, allocation.provider_transfer_id, allocation.amount_cents);
      }
    }
    await this.transfersNotRecorded(items, allocations, differ);
    const ledger = await this.payments.ledgerCheck();
    await this.dataSource.transaction(async (manager) => {
      const cameBack = await this.payments.cameBackIn(manager, 'transfers');
      for (const difference of differences) {
        await this.payments.moneyIncidents.recordIn(manager, {
          kind: 'reconciliation',
          subjectType: 'payout_item',
          subjectId: difference.itemId,
          message: difference.message,
          details: { code: difference.code },
          dedupKey: `reconcile:${difference.itemId}:${difference.code}`,
          reopen: cameBack({ subjectId: difference.itemId, code: difference.code, message: difference.message }),
        });
      }
      await this.payments.recordReconciliationRunIn(manager, {
        kind: 'transfers',
        startedAt,
        finishedAt: this.clock.now(),
        days: options.days,
        checked: items.length,
        balanced: ledger.balanced,
        differences: differences.map((difference) => ({ subjectId: difference.itemId, code: difference.code, message: difference.message })),
      });
    });
    return differences;
  }

  /**
   * The other way round: every transfer the provider holds in each payout's group must be one
   * Huddle recorded sent (or one still on its way). A transfer standing for a part Huddle holds
   * failed or reversed (its money payable again: a try whose answer was lost, then given up), a
   * second transfer for a part, or one naming no part Huddle knows is money that left twice or
   * unseen. A transfer reversed in full has given its money back and is left out.
   */
  private async transfersNotRecorded(
    items: ReadonlyArray<{ id: string; status: string; provider_transfer_id: string | null; transfer_group: string }>,
    allocations: ReadonlyArray<{ id: string; payout_item_id: string; request_id: string; status: string; provider_transfer_id: string | null }>,
    differ: (itemId: string, code: string, message: string) => void,
  ): Promise<void> {
    const byId = new Map(allocations.map((allocation) => [allocation.id, allocation]));
    const groups = new Map<string, typeof items>();
    for (const item of items) groups.set(item.transfer_group, [...(groups.get(item.transfer_group) ?? []), item]);
    for (const [group, members] of groups) {
      let transfers: ProviderTransfer[];
      try {
        transfers = await this.provider.transfersOfGroup(group);
      } catch (error) {
        differ(members[0].id, 'unreadable', `The provider did not list the transfers of payout ${group}: ${messageOf(error)}`);
        continue;
      }
      for (const transfer of transfers) {
        if (transfer.amountReversedCents >= transfer.amountCents) continue;
        const allocation = transfer.allocationId ? byId.get(transfer.allocationId) : undefined;
        const item =
          members.find((member) => member.id === (allocation?.payout_item_id ?? transfer.payoutItemId)) ??
          members.find((member) => member.provider_transfer_id === transfer.id) ??
          members[0];
        const made = `The provider made transfer ${transfer.id} of ${transfer.amountCents} cents`;
        if (allocation) {
          if (allocation.status === 'pending' || (allocation.status === 'sent' && allocation.provider_transfer_id === transfer.id)) continue;
          if (allocation.status === 'sent') differ(item.id, 'second_transfer', `${made} for request ${allocation.request_id}, which Huddle paid with transfer ${allocation.provider_transfer_id}: it was paid twice`);
          else differ(item.id, 'unrecorded_transfer', `${made} for request ${allocation.request_id}, which Huddle holds as ${allocation.status}: its money was made payable again though it left`);
          continue;
        }
        // An item paid by one transfer of its own (before transfers were per charge).
        if (item.provider_transfer_id === transfer.id) {
          if (item.status === 'failed' || item.status === 'reversed') {
            differ(item.id, 'unrecorded_transfer', `${made} for this item, which Huddle holds as ${item.status}: its money was made payable again though it left`);
          }
          continue;
        }
        differ(item.id, 'unknown_transfer', `${made} in payout ${group} that Huddle has no record of sending`);
      }
    }
  }

  /** Athletes with anything payable, most past due first: a page of them and how many there are. */
  async candidates(page: number, pageSize: number): Promise<{ candidates: PayoutCandidate[]; total: number }> {
    const manager = this.dataSource.manager;
    const shares = await sharesOf(manager, await athletesOwed(manager));
    const dues = [...this.groupByAthlete(shares)].map(([athleteId, list]) => ({ athleteId, due: payoutDue(list, this.nowSeconds(), this.config.PAYOUT_DUE_DAYS) }));
    const payable = dues
      .filter((entry) => entry.due.payableCents > 0)
      .sort((a, b) => b.due.pastDueCents - a.due.pastDueCents || b.due.payableCents - a.due.payableCents || (a.athleteId < b.athleteId ? -1 : 1));
    const slice = payable.slice((page - 1) * pageSize, page * pageSize);
    const ids = slice.map((entry) => entry.athleteId);
    const [contacts, readiness, last] = await Promise.all([athleteContacts(manager, ids), this.accounts.readinessIn(manager, ids), lastPayments(manager, ids)]);
    const candidates = slice.flatMap((entry): PayoutCandidate[] => {
      const contact = contacts.get(entry.athleteId);
      const ready = readiness.get(entry.athleteId);
      if (!contact || !ready) return [];
      return [{ contact, due: entry.due, lastPayment: last.get(entry.athleteId) ?? null, ready: ready.ready, accountState: ready.state, reason: ready.reason }];
    });
    return { candidates, total: payable.length };
  }

  async send(input: SendPayoutInput): Promise<PayoutWithItems> {
    const seen = new Set<string>();
    input.lines.forEach((line, index) => {
      if (seen.has(line.athleteId)) throw PayoutsErrors.athleteTwice(`payout_items.${index}.athlete_id`);
      seen.add(line.athleteId);
    });
    // A zero line is an athlete the administrator chose not to pay this time.
    const lines = input.lines.map((line, index) => ({ line, field: `payout_items.${index}` })).filter(({ line }) => line.amountCents > 0);
    if (lines.length === 0) throw PayoutsErrors.nothingToPay();

    return this.dataSource.transaction(async (manager) => {
      if (input.idempotencyKey) {
        await lockKey(manager, `huddle:payout-key:${input.idempotencyKey}`);
        const replay = await this.replay(manager, input.idempotencyKey, lines.map(({ line }) => line));
        if (replay) return replay;
      } else {
        // Two racing repeats queue here: the second reads the first's payout once it committed.
        await lockKey(manager, `huddle:payout-unkeyed:${input.adminId}`);
        const repeated = await this.recentUnkeyed(manager, input.adminId, lines.map(({ line }) => line));
        if (repeated) return repeated;
      }
      const athleteIds = [...new Set(lines.map(({ line }) => line.athleteId))].sort();
      for (const athleteId of athleteIds) await lockKey(manager, `huddle:payout-athlete:${athleteId}`);
      // A dispute being recorded now is either seen below (its share held out) or waits for this
      // payout to commit (then it is recorded against a share already paid out).
      await this.payments.holdDisputesOffIn(manager);

      // One after another: they share the transaction's connection.
      const contacts = await athleteContacts(manager, athleteIds);
      const readiness = await this.accounts.readinessIn(manager, athleteIds);
      const shares = await sharesOf(manager, athleteIds);
      const byAthlete = this.groupByAthlete(shares);
      const planned: PlannedItem[] = [];
      for (const { line, field } of lines) {
        const contact = contacts.get(line.athleteId);
        if (!contact || contact.userType !== UserType.Athlete) throw PayoutsErrors.athleteNotFound(`${field}.athlete_id`);
        const account = readiness.get(line.athleteId);
        if (!account?.ready) throw PayoutsErrors.accountNotReady(`${field}.athlete_id`, fullName(contact), account?.reason ?? 'no payout account connected');
        const athleteShares = byAthlete.get(line.athleteId) ?? [];
        const allocations = allocatePayout(athleteShares, line.amountCents);
        if (!allocations) throw PayoutsErrors.moreThanPayable(`${field}.amount`, payoutDue(athleteShares, this.nowSeconds()).payableCents);
        planned.push({ line, itemId: randomUUID(), allocations: allocations.map((allocation) => ({ ...allocation, id: randomUUID() })) });
      }

      const payoutId = randomUUID();
      const total = planned.reduce((sum, item) => sum + item.line.amountCents, 0);
      await manager.query(
        `INSERT INTO payouts (id, provider, provider_payout_id, created_by, total_cents, idempotency_key, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [payoutId, this.provider.name, `po_${payoutId.replace(/-/g, '').slice(0, 24)}`, input.adminId, total, input.idempotencyKey, this.clock.now()],
      );
      for (const item of planned) {
        const destination = readiness.get(item.line.athleteId)?.destination;
        await manager.query(
          `INSERT INTO payout_items (id, payout_id, athlete_id, amount_cents, receiver_email, receiver_phone, destination_account_id, idempotency_key, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
          [item.itemId, payoutId, item.line.athleteId, item.line.amountCents, item.line.email, item.line.phone, destination, `huddle:transfer:${item.itemId}`, this.clock.now()],
        );
        // Each allocation is its own transfer, with its own key kept here for every retry of it.
        await manager.query(
          `INSERT INTO payout_allocations (id, payout_item_id, request_id, amount_cents, idempotency_key)
           SELECT t.id, $1::uuid, t.request_id, t.amount, 'huddle:transfer:' || $1::text || ':' || t.id::text FROM unnest($2::uuid[], $3::uuid[], $4::int[]) AS t(id, request_id, amount)`,
          [
            item.itemId,
            item.allocations.map((allocation) => allocation.id),
            item.allocations.map((allocation) => allocation.requestId),
            item.allocations.map((allocation) => allocation.amountCents),
          ],
        );
        await this.payments.recordPaidOutIn(manager, item.itemId, item.line.athleteId, item.line.amountCents);
        await this.jobs.enqueueIn(manager, PAYOUT_TRANSFER, { itemId: item.itemId });
      }
      await this.audit.recordIn(manager, {
        adminId: input.adminId,
        action: 'payout.send',
        subjectType: 'payout',
        subjectId: payoutId,
        before: null,
        after: {
          total_cents: total,
          items: planned.map((item) => ({
            id: item.itemId,
            athlete_id: item.line.athleteId,
            amount_cents: item.line.amountCents,
            requests: item.allocations.map((allocation) => ({ requestId: allocation.requestId, amountCents: allocation.amountCents })),
          })),
        },
      });
      const [written] = await payoutsByIds(manager, [payoutId]);
      return written;
    });
  }

  async sentList(page: number, pageSize: number, order: 'asc' | 'desc'): Promise<{ payouts: PayoutWithItems[]; total: number }> {
    return sentPayoutsPage(this.dataSource.manager, page, pageSize, order);
  }

  /**
   * Spec §4: an administrator marks a finished, paid request's payout paid (money that reached the
   * athlete outside Huddle's transfers). What of its share was not sent or on its way leaves the
   * athlete's payable as `paid_out` (keyed by the mark), so it can never be paid twice; audited in
   * the same transaction. Marking a request already paid changes nothing.
   */
  async markPaid(adminId: string, requestId: string): Promise<{ status: RequestPayoutStatus; marked: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      const request = await this.requestOf(manager, requestId);
      if (!request) throw PayoutsErrors.requestNotFound();
      await lockKey(manager, `huddle:payout-athlete:${request.athlete_id}`);
      await this.payments.holdDisputesOffIn(manager);
      if (!canMarkPayoutPaid(request)) throw PayoutsErrors.payoutNotAllowed();
      const share: RequestShareFacts = (await sharesOf(manager, [request.athlete_id])).find((candidate) => candidate.requestId === requestId) ?? {
        requestId,
        status: request.status,
        paid: request.paid,
        finishedAt: null,
        shareCents: 0,
        disputed: false,
        sentCents: 0,
        pendingCents: 0,
        markedCents: 0,
      };
      // A share held by an open dispute (or a refund outside Huddle) is not paid, by a transfer or by hand.
      if (share.disputed) throw PayoutsErrors.shareHeld();
      const before = requestPayoutStatus(share);
      if (before === 'paid') return { status: before, marked: false };
      const left = Math.max(0, share.shareCents - share.sentCents - share.pendingCents);
      // All of the share is on its way: nothing is left to mark. It becomes paid when the transfer
      // arrives, or payable again if it is refused; a mark of nothing would say paid either way.
      if (share.shareCents > 0 && left === 0) return { status: before, marked: false };
      const marked: unknown[] = await manager.query(`SELECT 1 FROM request_payout_marks WHERE request_id = $1`, [requestId]);
      if (marked.length > 0) {
        // Marked once already (a request has one mark): the part that came back since (a transfer
        // refused or reversed) is payable again and goes with the next payout.
        if (share.shareCents > 0) throw PayoutsErrors.alreadyMarked();
        return { status: 'paid', marked: false };
      }
      const [{ id: markId }]: Array<{ id: string }> = await manager.query(
        `INSERT INTO request_payout_marks (request_id, amount_cents, marked_by, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
        [requestId, left, adminId, this.clock.now()],
      );
      if (left > 0) await this.payments.recordPaidOutIn(manager, markId, request.athlete_id, left);
      const after = share.shareCents > 0 ? requestPayoutStatus({ ...share, markedCents: left }) : 'paid';
      await this.audit.recordIn(manager, {
        adminId,
        action: 'payout.status',
        subjectType: 'request',
        subjectId: requestId,
        before: { payout_status: before },
        after: { payout_status: after, marked_paid_cents: left },
      });
      return { status: after, marked: true };
    });
  }

  /**
   * Imported history's shares that reached their athletes outside Huddle's transfers (the demo's
   * past months), in the caller's transaction: each marked paid by `by` at `at` with its paid_out,
   * as markPaid records an administrator's mark. No audit row: nobody acted now, the history came
   * with its settlement. A request marked already is left as it is.
   */
  async markImportedPaidIn(manager: EntityManager, marks: ReadonlyArray<{ requestId: string; athleteId: string; amountCents: number; by: string; at: Date }>): Promise<void> {
    for (const mark of marks) {
      const rows: Array<{ id: string }> = await manager.query(
        `INSERT INTO request_payout_marks (request_id, amount_cents, marked_by, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (request_id) DO NOTHING RETURNING id`,
        [mark.requestId, mark.amountCents, mark.by, mark.at],
      );
      if (rows[0] && mark.amountCents > 0) await this.payments.recordPaidOutIn(manager, rows[0].id, mark.athleteId, mark.amountCents, mark.at);
    }
  }

  /**
   * One request's payout as its page shows it to the athlete and an administrator: the status and
   * what of the share reached the athlete so far (sent by transfers that arrived, or marked paid by
   * hand), so a share paid in part does not read as nothing paid.
   */
  async payoutOf(athleteId: string, requestId: string): Promise<RequestPayout> {
    return (await this.payoutsOf(athleteId, [requestId])).get(requestId) ?? { status: 'unpaid', paidCents: 0 };
  }

  /**
   * Each request's payout (the console's lists, a request's page): its status, and what of its
   * share reached the athlete so far, so a list can tell a share paid in part from one not paid
   * at all. Unknown ids read unpaid, nothing paid.
   */
  async payoutsOf(athleteId: string, requestIds: readonly string[]): Promise<Map<string, RequestPayout>> {
    const shares = await sharesOf(this.dataSource.manager, [athleteId], { finishedOnly: false, names: false });
    const marked: Array<{ request_id: string }> = await this.dataSource.query(`SELECT request_id FROM request_payout_marks WHERE request_id = ANY($1::uuid[])`, [requestIds]);
    const markedIds = new Set(marked.map((row) => row.request_id));
    return new Map(
      requestIds.map((id): [string, RequestPayout] => {
        const share = shares.find((candidate) => candidate.requestId === id);
        // A share's status counts its mark's cents; a request with no share to pay reads paid once marked.
        if (share && share.shareCents > 0) return [id, { status: requestPayoutStatus(share), paidCents: share.sentCents + share.markedCents }];
        return [id, { status: markedIds.has(id) ? 'paid' : 'unpaid', paidCents: 0 }];
      }),
    );
  }

  /** The athlete's money: owed, payable, on its way and paid, and their payouts with the requests each paid. */
  async summary(athleteId: string): Promise<AthletePayoutSummary> {
    const manager = this.dataSource.manager;
    const [money, items] = await Promise.all([this.money(athleteId), athletePayoutItems(manager, athleteId, 50)]);
    const allocations = await allocationsOf(manager, items.map((item) => item.id));
    return { ...money, items: items.map((item) => ({ item, requests: allocations.get(item.id) ?? [] })) };
  }

  /**
   * The athlete's money alone (the locker room's): owed, held, payable, on its way and paid. Owed,
   * held and payable come from the shares still open (a share payouts and marks cover in full owes
   * nothing more); on its way and paid from the athlete's payouts by state (athlete_payouts, kept
   * by a trigger on payout_allocations) and the marks on their finished shares.
   */
  async money(athleteId: string): Promise<Omit<AthletePayoutSummary, 'items'>> {
    const manager = this.dataSource.manager;
    const money = await athleteMoneyOf(manager, athleteId, payoutDueBefore(this.nowSeconds(), this.config.PAYOUT_DUE_DAYS));
    if (money.unfolded > PARTY_UNFOLDED_LIMIT) await foldParty(manager, ['athlete_payouts'], athleteId);
    return {
      owedCents: money.owedCents,
      heldCents: money.heldCents,
      due: money.due,
      onItsWayCents: money.onItsWayCents,
      paidCents: money.sentCents + money.markedCents,
    };
  }

  /**
   * The transfer job (THE RULE FOR HANDLERS): one transfer per allocation (the cents the item pays
   * of one request), drawn on that request's charge (source_transaction: a campaign share's is its
   * campaign's), each with its own idempotency key from our database, so every run of this job
   * makes the same transfers and a payout right after a capture never waits on the platform's
   * balance. Each allocation is recorded sent as soon as its transfer is made; the item becomes sent
   * (and the athlete is told) once, when none is left on its way.
   */
  async transfer(itemId: string): Promise<void> {
    const rows: ItemForTransfer[] = await this.dataSource.query(
      `SELECT i.id, i.athlete_id, i.amount_cents, i.status, i.destination_account_id, i.payout_id, p.provider_payout_id
         FROM payout_items i JOIN payouts p ON p.id = i.payout_id WHERE i.id = $1`,
      [itemId],
    );
    const item = rows[0];
    if (!item || item.status !== 'pending') return;
    const allocations = await this.allocationsForTransfer(itemId);
    for (const allocation of allocations.filter((candidate) => candidate.status === 'pending')) {
      let transfer: ProviderTransfer;
      try {
        // Held since the payout was decided (a dispute, a refund made at the provider, recorded
        // before this try): its part is not sent, unless an earlier try already made it (the same
        // key), which then stands and the incident naming this payout follows it. One recorded
        // while the transfer is being made is named by that incident too (onTakenBack).
        if (await this.heldNow(allocation)) {
          const made = await this.provider.findTransfer(item.provider_payout_id, allocation.idempotency_key);
          if (!made) {
            await this.dataSource.transaction((manager) => this.holdBackIn(manager, item, allocation));
            continue;
          }
          transfer = made;
        } else {
          const sourceTransaction = await this.payments.chargeOf([allocation.request_id, ...(allocation.campaign_id ? [allocation.campaign_id] : [])]);
          transfer = await this.provider.createTransfer({
            amountCents: allocation.amount_cents,
            destination: item.destination_account_id,
            transferGroup: item.provider_payout_id,
            sourceTransaction,
            metadata: { payout_item_id: item.id, payout_id: item.payout_id, athlete_id: item.athlete_id, request_id: allocation.request_id, allocation_id: allocation.id },
            idempotencyKey: allocation.idempotency_key,
          });
        }
      } catch (error) {
        const message = messageOf(error).slice(0, 2000);
        await this.dataSource.query(`UPDATE payout_allocations SET last_error = $2 WHERE id = $1 AND status = 'pending'`, [allocation.id, message]);
        await this.dataSource.query(`UPDATE payout_items SET last_error = $2, updated_at = now() WHERE id = $1 AND status = 'pending'`, [itemId, message]);
        throw error;
      }
      await this.dataSource.query(
        `UPDATE payout_allocations SET status = 'sent', provider_transfer_id = $2, source_transaction = $3, sent_at = $4, last_error = NULL WHERE id = $1 AND status = 'pending'`,
        [allocation.id, transfer.id, transfer.sourceTransaction, this.clock.now()],
      );
    }
    await this.dataSource.transaction((manager) => this.settleItemIn(manager, itemId));
  }

  /** Whether a dispute or an outside refund holds the allocation's share now, read in the order disputes and payouts keep (holdDisputesOffIn). */
  private async heldNow(allocation: AllocationForTransfer): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await this.payments.holdDisputesOffIn(manager);
      return isShareHeld(manager, allocation.request_id, allocation.campaign_id);
    });
  }

  /**
   * A part of a payout held back before it was sent: it fails and its money is payable again
   * (held, so not before the dispute or refund is settled), keyed by the allocation so it happens
   * once; the administrator's incident says why. The item settles like any other.
   */
  private async holdBackIn(manager: EntityManager, item: ItemForTransfer, allocation: AllocationForTransfer): Promise<void> {
    await manager.query(`SELECT 1 FROM payout_items WHERE id = $1 FOR UPDATE`, [item.id]);
    const message = 'Held: the payment is disputed or was refunded at the card provider since the payout was made';
    const [failed]: [Array<{ id: string }>, number] = await manager.query(
      `UPDATE payout_allocations SET status = 'failed', last_error = $2 WHERE id = $1 AND status = 'pending' RETURNING id`,
      [allocation.id, message],
    );
    if (failed.length === 0) return;
    await this.payments.recordPayoutReturnedIn(manager, allocation.id, item.athlete_id, allocation.amount_cents);
    await this.payments.moneyIncidents.recordIn(manager, {
      kind: 'transfer_failed',
      subjectType: 'payout_item',
      subjectId: item.id,
      amountCents: allocation.amount_cents,
      message: `The payment of request ${allocation.request_id} is disputed or was refunded at the card provider since this payout was made: its ${formatCents(allocation.amount_cents)} was not sent, and is payable again once that is settled`,
      details: { request_id: allocation.request_id, allocation_id: allocation.id },
      dedupKey: `payout_held:${allocation.id}`,
    });
    // The dispute's or outside refund's incident may have named this part as paid out (onTakenBack
    // counts parts on their way): it never left, so there is nothing to recover from the athlete.
    await this.payments.moneyIncidents.resolveAutomaticallyIn(manager, {
      subjectId: item.id,
      kinds: ['dispute_opened', 'refund_outside_huddle'],
      jobName: null,
      requestId: allocation.request_id,
      resolution: 'Held back at its transfer: this part was never sent',
    });
    await this.settleItemIn(manager, item.id);
  }

  /** The allocations of an item in the order they are paid, with the payment that paid each request (reads booking's `requests`). */
  private async allocationsForTransfer(itemId: string): Promise<AllocationForTransfer[]> {
    return this.dataSource.query(
      `SELECT a.id, a.request_id, r.endorsement_campaign_id AS campaign_id, a.amount_cents, a.status, a.idempotency_key
         FROM payout_allocations a JOIN requests r ON r.id = a.request_id
        WHERE a.payout_item_id = $1 ORDER BY r.finished_at NULLS LAST, r.id`,
      [itemId],
    );
  }

  /**
   * The item's state follows its allocations' (under the item's row lock). When it leaves 'on its
   * way' with something sent, the athlete is told once, for what reached them.
   */
  private async settleItemIn(manager: EntityManager, itemId: string): Promise<void> {
    const items: Array<{ status: PayoutItemStatus; athlete_id: string }> = await manager.query(`SELECT status, athlete_id FROM payout_items WHERE id = $1 FOR UPDATE`, [itemId]);
    const item = items[0];
    if (!item) return;
    const allocations: Array<{ status: PayoutItemStatus; amount_cents: number }> = await manager.query(`SELECT status, amount_cents FROM payout_allocations WHERE payout_item_id = $1`, [itemId]);
    const status = itemStatusOf(allocations.map((allocation) => allocation.status));
    if (status === item.status) return;
    await manager.query(
      `UPDATE payout_items SET status = $2::varchar, sent_at = CASE WHEN $2::varchar = 'sent' THEN coalesce(sent_at, $3) ELSE sent_at END,
              last_error = CASE WHEN $2::varchar = 'sent' THEN NULL ELSE last_error END, updated_at = now() WHERE id = $1`,
      [itemId, status, this.clock.now()],
    );
    if (item.status === 'pending' && status === 'sent') {
      const sentCents = allocations.filter((allocation) => allocation.status === 'sent').reduce((sum, allocation) => sum + allocation.amount_cents, 0);
      await this.notifications.payoutSentIn(manager, { athleteId: item.athlete_id, amountCents: sentCents, payoutItemId: itemId });
    }
  }

  /**
   * The transfer job gave up. Only when the provider refused the transfer outright (it answered,
   * and said no) is the item failed and its money payable again. When the provider never answered
   * (a network failure, a 5xx), the transfer may well have been made: the item stays pending and
   * out of what is payable, so no later payout can pay it twice, and the administrator's incident
   * says to retry it (the same key, so the provider makes it at most once) or check the provider.
   */
  private async giveUp(job: Job<{ itemId: string }>, error: unknown, manager: EntityManager): Promise<void> {
    const { itemId } = job.data;
    const message = messageOf(error);
    if (!refusedByProvider(error)) {
      const [stuck]: [Array<{ amount_cents: number }>, number] = await manager.query(
        `UPDATE payout_items SET last_error = $2, updated_at = now() WHERE id = $1 AND status = 'pending' RETURNING amount_cents`,
        [itemId, message.slice(0, 2000)],
      );
      if (!stuck[0]) return;
      await this.payments.moneyIncidents.recordIn(manager, {
        kind: 'transfer_failed',
        subjectType: 'payout_item',
        subjectId: itemId,
        message: `The transfer of ${formatCents(stuck[0].amount_cents)} could not be confirmed with the provider; it stays on its way until it is retried (never twice) or checked. ${message}`,
        amountCents: stuck[0].amount_cents,
        dedupKey: `job:${job.id}:${job.retryCount}`,
      });
      return;
    }
    // Refused: what was not transferred yet fails, and that money alone is payable again (each part
    // keyed by its allocation); parts already transferred stay sent.
    const items: Array<{ athlete_id: string }> = await manager.query(`SELECT athlete_id FROM payout_items WHERE id = $1 AND status = 'pending' FOR UPDATE`, [itemId]);
    if (!items[0]) return;
    const [failed]: [Array<{ id: string; amount_cents: number }>, number] = await manager.query(
      `UPDATE payout_allocations SET status = 'failed', last_error = $2 WHERE payout_item_id = $1 AND status = 'pending' RETURNING id, amount_cents`,
      [itemId, message.slice(0, 2000)],
    );
    for (const allocation of failed) await this.payments.recordPayoutReturnedIn(manager, allocation.id, items[0].athlete_id, allocation.amount_cents);
    await manager.query(`UPDATE payout_items SET last_error = $2, updated_at = now() WHERE id = $1`, [itemId, message.slice(0, 2000)]);
    await this.settleItemIn(manager, itemId);
    const failedCents = failed.reduce((sum, allocation) => sum + allocation.amount_cents, 0);
    if (failedCents === 0) return;
    await this.payments.moneyIncidents.recordIn(manager, {
      kind: 'transfer_failed',
      subjectType: 'payout_item',
      subjectId: itemId,
      message: `The provider refused the transfer of ${formatCents(failedCents)}; the amount is payable again. ${message}`,
      amountCents: failedCents,
      dedupKey: `job:${job.id}:${job.retryCount}`,
    });
  }

  /**
   * A Connect object changed at the provider. The event only says which object: it is re-read, and
   * what happens follows its state now, so a repeated, late or out-of-order event does no harm.
   */
  async onConnectEvent(event: ProviderConnectEvent): Promise<void> {
    if (event.objectType === 'account') {
      // Another platform's account, or one of ours deleted since: nothing of Huddle's to update.
      if (!(await this.accounts.athleteOf(event.objectId))) return;
      await this.accounts.refresh(event.objectId);
      return;
    }
    if (event.objectType === 'transfer') {
      const transfer = await this.provider.retrieveTransfer(event.objectId);
      if (transfer.amountReversedCents > 0) await this.reversed(transfer);
      return;
    }
    if (event.objectType === 'payout' && event.accountId) {
      const payout = await this.provider.retrievePayout(event.accountId, event.objectId);
      if (payout?.status !== 'failed') return;
      const athleteId = await this.accounts.athleteOf(event.accountId);
      // The transfer reached the athlete's Stripe balance; their bank refused the payout from it.
      // Huddle's ledger is unchanged, but the athlete has not got the money: someone must follow up.
      await this.dataSource.transaction((manager) =>
        this.payments.moneyIncidents.recordIn(manager, {
          kind: 'transfer_failed',
          subjectType: 'provider_object',
          subjectId: payout.id,
          message: `The bank of ${athleteId ? `athlete ${athleteId}` : `account ${event.accountId}`} refused a payout of ${formatCents(payout.amountCents)}: ${payout.failureMessage ?? 'no reason given'}`,
          amountCents: payout.amountCents,
          details: { account_id: event.accountId, athlete_id: athleteId },
          dedupKey: `payout_failed:${payout.id}`,
        }),
      );
    }
  }

  /**
   * A transfer reversed in full: the part of the payout it made (its allocation) is reversed and
   * that money payable again, once; the item is reversed when all of it came back. A transfer of a
   * whole item (made before transfers were per charge) reverses the item. A partial reversal is an
   * administrator's to sort out.
   */
  private async reversed(transfer: ProviderTransfer): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const allocations: Array<{ id: string; payout_item_id: string; athlete_id: string; amount_cents: number }> = await manager.query(
        `SELECT a.id, a.payout_item_id, i.athlete_id, a.amount_cents FROM payout_allocations a JOIN payout_items i ON i.id = a.payout_item_id
          WHERE a.provider_transfer_id = $1 OR a.id = $2::uuid ORDER BY (a.provider_transfer_id = $1) DESC NULLS LAST LIMIT 1`,
        [transfer.id, transfer.allocationId],
      );
      const items: Array<{ id: string; athlete_id: string; amount_cents: number }> = allocations[0]
        ? []
        : await manager.query(`SELECT id, athlete_id, amount_cents FROM payout_items WHERE provider_transfer_id = $1 OR id = $2::uuid`, [transfer.id, transfer.payoutItemId]);
      const itemId = allocations[0]?.payout_item_id ?? items[0]?.id;
      if (!itemId) {
        this.logger.warn(`Transfer ${transfer.id} was reversed but no payout item has it`);
        return;
      }
      await manager.query(`SELECT 1 FROM payout_items WHERE id = $1 FOR UPDATE`, [itemId]);
      if (!transfer.reversed) {
        await this.payments.moneyIncidents.recordIn(manager, {
          kind: 'transfer_failed',
          subjectType: 'payout_item',
          subjectId: itemId,
          message: `Transfer ${transfer.id} was partly reversed (${formatCents(transfer.amountReversedCents)} of ${formatCents(transfer.amountCents)}); the ledger was not changed`,
          amountCents: transfer.amountReversedCents,
          dedupKey: `transfer_reversed:${transfer.id}:${transfer.amountReversedCents}`,
        });
        return;
      }
      const allocation = allocations[0];
      if (allocation) {
        const [changed]: [unknown[], number] = await manager.query(
          `UPDATE payout_allocations SET status = 'reversed', provider_transfer_id = coalesce(provider_transfer_id, $2) WHERE id = $1 AND status IN ('pending', 'sent') RETURNING id`,
          [allocation.id, transfer.id],
        );
        if (changed.length > 0) await this.payments.recordPayoutReturnedIn(manager, allocation.id, allocation.athlete_id, allocation.amount_cents);
        await this.settleItemIn(manager, itemId);
        return;
      }
      const item = items[0];
      const [changed]: [unknown[], number] = await manager.query(
        `UPDATE payout_items SET status = 'reversed', provider_transfer_id = coalesce(provider_transfer_id, $2), updated_at = now()
          WHERE id = $1 AND status IN ('pending', 'sent') RETURNING id`,
        [item.id, transfer.id],
      );
      if (changed.length === 0) return;
      await manager.query(`UPDATE payout_allocations SET status = 'reversed' WHERE payout_item_id = $1`, [item.id]);
      await this.payments.recordPayoutReturnedIn(manager, item.id, item.athlete_id, item.amount_cents);
    });
  }

  private async replay(manager: EntityManager, key: string, lines: readonly PayoutLine[]): Promise<PayoutWithItems | null> {
    const rows: Array<{ id: string }> = await manager.query(`SELECT id FROM payouts WHERE idempotency_key = $1`, [key]);
    if (!rows[0]) return null;
    const [existing] = await payoutsByIds(manager, [rows[0].id]);
    if (payoutLinesOf(lines) !== payoutLinesOf(existing.items)) throw PayoutsErrors.keyReused();
    return existing;
  }

  /**
   * The payout without a key this administrator made for the very same lines within
   * UNKEYED_REPEAT_WINDOW_MS, if any, and only while it still holds its money: one whose transfer
   * was refused or reversed gave it back, so the same lines sent again pay it.
   */
  private async recentUnkeyed(manager: EntityManager, adminId: string, lines: readonly PayoutLine[]): Promise<PayoutWithItems | null> {
    const since = new Date(this.clock.now().getTime() - UNKEYED_REPEAT_WINDOW_MS);
    const rows: Array<{ id: string }> = await manager.query(
      `SELECT p.id FROM payouts p
        WHERE p.created_by = $1 AND p.idempotency_key IS NULL AND p.created_at >= $2
          AND NOT EXISTS (SELECT 1 FROM payout_items i WHERE i.payout_id = p.id AND NOT (i.status = ANY($3::text[])))`,
      [adminId, since, PAYOUT_ITEM_HOLDING_STATUSES],
    );
    if (rows.length === 0) return null;
    const asked = payoutLinesOf(lines);
    // The newest first (payoutsByIds answers oldest first).
    return (await payoutsByIds(manager, rows.map((row) => row.id))).reverse().find((payout) => payoutLinesOf(payout.items) === asked) ?? null;
  }

  private async requestOf(manager: EntityManager, requestId: string): Promise<{ id: string; athlete_id: string; status: RequestShareFacts['status']; paid: boolean } | null> {
    // Reads booking's `requests`: the request's status and payment decide whether its payout may be marked.
    const rows: Array<{ id: string; athlete_id: string; status: RequestShareFacts['status']; paid: boolean }> = await manager.query(
      `SELECT id, athlete_id, status, paid FROM requests WHERE id = $1`,
      [requestId],
    );
    return rows[0] ?? null;
  }

  private groupByAthlete(shares: readonly AthleteShare[]): Map<string, AthleteShare[]> {
    const groups = new Map<string, AthleteShare[]>();
    for (const share of shares) groups.set(share.athleteId, [...(groups.get(share.athleteId) ?? []), share]);
    return groups;
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }
}

/** A payout's lines as one comparable string: who gets how many cents, in any order. */
function payoutLinesOf(items: ReadonlyArray<PayoutLine | { athlete_id: string; amount_cents: number }>): string {
  return items
    .map((item) => ('athleteId' in item ? `${item.athleteId}:${item.amountCents}` : `${item.athlete_id}:${item.amount_cents}`))
    .sort()
    .join(',');
}

/** The provider answered and refused (a 4xx, or the sandbox's refusal): the transfer was certainly not made. */
function refusedByProvider(error: unknown): boolean {
  if (error instanceof PayoutProviderError) return true;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429;
}
