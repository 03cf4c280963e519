import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Clock } from '../../common/time/clock';
import { PayoutProviderError } from './payout-provider';
import type { ConnectAccount, ConnectedPayout, PayoutProvider, ProviderTransfer, TransferInput } from './payout-provider';

// Stripe's account links last minutes; the sandbox's a little longer, for a person reading the page.
const LINK_TTL_MS = 30 * 60 * 1000;

interface SandboxAccountRow {
  id: string;
  athlete_id: string;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements_due: string[];
  link_token: string | null;
  link_expires_at: Date | null;
  return_url: string | null;
  refresh_url: string | null;
}

interface SandboxTransferRow {
  id: string;
  idempotency_key: string;
  destination: string;
  amount_cents: number;
  reversed: boolean;
  transfer_group: string | null;
  source_transaction: string | null;
  metadata: Record<string, string>;
}

function toAccount(row: SandboxAccountRow): ConnectAccount {
  return {
    id: row.id,
    detailsSubmitted: row.details_submitted,
    chargesEnabled: row.charges_enabled,
    payoutsEnabled: row.payouts_enabled,
    requirementsDue: row.requirements_due,
  };
}

function toTransfer(row: SandboxTransferRow): ProviderTransfer {
  return {
    id: row.id,
    amountCents: row.amount_cents,
    destination: row.destination,
    reversed: row.reversed,
    amountReversedCents: row.reversed ? row.amount_cents : 0,
    payoutItemId: row.metadata.payout_item_id ?? null,
    allocationId: row.metadata.allocation_id ?? null,
    sourceTransaction: row.source_transaction,
  };
}

function derivedId(prefix: string, key: string): string {
  return `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
}

/** What the onboarding page does with a link: the account it is for and where to send the browser. */
export type SandboxLink =
  | { kind: 'valid'; account: ConnectAccount; returnUrl: string }
  | { kind: 'expired'; refreshUrl: string }
  | { kind: 'unknown' };

/**
 * The embedded Connect provider: accounts, onboarding links and transfers in the sandbox's own
 * tables, on the application's pool but never in the caller's transaction (a provider is another
 * system). Idempotent like Stripe: an account or transfer is derived from its key, and a repeat
 * answers what the first call made.
 */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly onboardingPath: string,
  ) {}

  async createAccount(input: { athleteId: string; email: string | null; idempotencyKey: string }): Promise<ConnectAccount> {
    const id = derivedId('acct_sbx', input.idempotencyKey);
    await this.dataSource.query(`INSERT INTO sandbox_connect_accounts (id, athlete_id, email) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      id,
      input.athleteId,
      input.email,
    ]);
    return this.retrieveAccount(id);
  }

  async retrieveAccount(accountId: string): Promise<ConnectAccount> {
    const rows: SandboxAccountRow[] = await this.dataSource.query(`SELECT * FROM sandbox_connect_accounts WHERE id = $1`, [accountId]);
    if (!rows[0]) throw new PayoutProviderError(`No such account: '${accountId}'`);
    return toAccount(rows[0]);
  }

  async createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string; expiresAt: number }> {
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + LINK_TTL_MS);
    const [, updated]: [unknown[], number] = await this.dataSource.query(
      `UPDATE sandbox_connect_accounts SET link_token = $2, link_expires_at = $3, return_url = $4, refresh_url = $5, updated_at = now() WHERE id = $1`,
      [input.accountId, token, expiresAt, input.returnUrl, input.refreshUrl],
    );
    if (updated === 0) throw new PayoutProviderError(`No such account: '${input.accountId}'`);
    return { url: `${this.onboardingPath}?token=${token}`, expiresAt: Math.floor(expiresAt.getTime() / 1000) };
  }

  /**
   * Like Stripe: a transfer drawn on a charge (source_transaction) needs that charge captured, and
   * takes at most what the charge has left after the transfers already drawn on it; a repeat of
   * the key answers the first transfer.
   */
  async createTransfer(input: TransferInput): Promise<ProviderTransfer> {
    const repeated = await this.transferByKey(input.idempotencyKey);
    if (repeated) return toTransfer(repeated);
    const account = await this.retrieveAccount(input.destination);
    // Stripe refuses a transfer to an account without the transfers capability (onboarding unfinished, restricted).
    if (!account.payoutsEnabled) throw new PayoutProviderError(`The destination account ${input.destination} cannot receive transfers yet`);
    await this.dataSource.transaction(async (manager) => {
      if (input.sourceTransaction) {
        // The sandbox's charges are its captured intents (SandboxCardProvider: ch_<intent id>).
        const charges: Array<{ amount_cents: number }> = await manager.query(`SELECT amount_cents FROM sandbox_intents WHERE 'ch_' || id = $1 AND status = 'succeeded' FOR UPDATE`, [
          input.sourceTransaction,
        ]);
        if (!charges[0]) throw new PayoutProviderError(`No such charge: '${input.sourceTransaction}'`);
        const [{ taken }]: Array<{ taken: number }> = await manager.query(
          `SELECT coalesce(sum(amount_cents) FILTER (WHERE NOT reversed), 0)::int AS taken FROM sandbox_transfers WHERE source_transaction = $1`,
          [input.sourceTransaction],
        );
        if (input.amountCents > charges[0].amount_cents - taken) {
          throw new PayoutProviderError(`The transfer of ${input.amountCents} cents is more than charge ${input.sourceTransaction} has left (${charges[0].amount_cents - taken})`);
        }
      }
      await manager.query(
        `INSERT INTO sandbox_transfers (idempotency_key, id, destination, amount_cents, transfer_group, source_transaction, metadata) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [input.idempotencyKey, derivedId('tr_sbx', input.idempotencyKey), input.destination, input.amountCents, input.transferGroup, input.sourceTransaction, JSON.stringify(input.metadata)],
      );
    });
    const stored = await this.transferByKey(input.idempotencyKey);
    if (!stored) throw new PayoutProviderError('The transfer was not stored');
    return toTransfer(stored);
  }

  async retrieveTransfer(transferId: string): Promise<ProviderTransfer> {
    const rows: SandboxTransferRow[] = await this.dataSource.query(`SELECT * FROM sandbox_transfers WHERE id = $1`, [transferId]);
    if (!rows[0]) throw new PayoutProviderError(`No such transfer: '${transferId}'`);
    return toTransfer(rows[0]);
  }

  /** The transfers of a payout item (by the metadata they were made with). */
  async transfersOfItem(itemId: string): Promise<ProviderTransfer[]> {
    const rows: SandboxTransferRow[] = await this.dataSource.query(`SELECT * FROM sandbox_transfers WHERE metadata->>'payout_item_id' = $1 ORDER BY created_at, id`, [itemId]);
    return rows.map(toTransfer);
  }

  async retrievePayout(accountId: string, payoutId: string): Promise<ConnectedPayout | null> {
    const rows: Array<{ id: string; status: string; amount_cents: number; failure_message: string | null }> = await this.dataSource.query(
      `SELECT id, status, amount_cents, failure_message FROM sandbox_connect_payouts WHERE id = $1 AND account_id = $2`,
      [payoutId, accountId],
    );
    return rows[0] ? { id: rows[0].id, status: rows[0].status, amountCents: rows[0].amount_cents, failureMessage: rows[0].failure_message } : null;
  }

  /** The sandbox's version of a connected account's bank refusing its payout (the account keeps the money at the provider). */
  async failPayout(accountId: string, amountCents: number, message: string): Promise<ConnectedPayout> {
    const id = `po_sbx_${randomBytes(12).toString('hex')}`;
    await this.dataSource.query(`INSERT INTO sandbox_connect_payouts (id, account_id, amount_cents, status, failure_message) VALUES ($1, $2, $3, 'failed', $4)`, [
      id,
      accountId,
      amountCents,
      message,
    ]);
    return { id, status: 'failed', amountCents, failureMessage: message };
  }

  /** The onboarding page's look-up of its link. */
  async link(token: string): Promise<SandboxLink> {
    const rows: SandboxAccountRow[] = await this.dataSource.query(`SELECT * FROM sandbox_connect_accounts WHERE link_token = $1`, [token]);
    const row = rows[0];
    if (!row || !row.return_url || !row.refresh_url) return { kind: 'unknown' };
    if (!row.link_expires_at || row.link_expires_at.getTime() <= this.clock.now().getTime()) return { kind: 'expired', refreshUrl: row.refresh_url };
    return { kind: 'valid', account: toAccount(row), returnUrl: row.return_url };
  }

  /**
   * The athlete submitted the onboarding form: with a bank account the account can be paid,
   * without one Stripe would still ask for it. A link works once, as Stripe's do.
   */
  async submit(token: string, withBankAccount: boolean): Promise<{ account: ConnectAccount; returnUrl: string } | null> {
    const link = await this.link(token);
    if (link.kind !== 'valid') return null;
    const [rows]: [SandboxAccountRow[], number] = await this.dataSource.query(
      `UPDATE sandbox_connect_accounts SET details_submitted = true, charges_enabled = $2, payouts_enabled = $2,
         requirements_due = CASE WHEN $2 THEN '{}'::text[] ELSE '{external_account}'::text[] END,
         link_token = NULL, link_expires_at = NULL, updated_at = now()
        WHERE link_token = $1 RETURNING *`,
      [token, withBankAccount],
    );
    return rows[0] ? { account: toAccount(rows[0]), returnUrl: link.returnUrl } : null;
  }

  /** The sandbox's version of Stripe reversing a transfer (a test or an administrator playing the provider). */
  async reverseTransfer(transferId: string): Promise<ProviderTransfer> {
    await this.dataSource.query(`UPDATE sandbox_transfers SET reversed = true WHERE id = $1`, [transferId]);
    return this.retrieveTransfer(transferId);
  }

  /** The sandbox's version of Stripe restricting an account (more information needed). */
  async restrict(accountId: string, requirement: string): Promise<ConnectAccount> {
    await this.dataSource.query(
      `UPDATE sandbox_connect_accounts SET payouts_enabled = false, requirements_due = array_append(requirements_due, $2), updated_at = now() WHERE id = $1`,
      [accountId, requirement],
    );
    return this.retrieveAccount(accountId);
  }

  async findTransfer(_transferGroup: string, idempotencyKey: string): Promise<ProviderTransfer | null> {
    const made = await this.transferByKey(idempotencyKey);
    return made ? toTransfer(made) : null;
  }

  async transfersOfGroup(transferGroup: string): Promise<ProviderTransfer[]> {
    const rows: SandboxTransferRow[] = await this.dataSource.query(`SELECT * FROM sandbox_transfers WHERE transfer_group = $1 ORDER BY created_at, id`, [transferGroup]);
    return rows.map(toTransfer);
  }

  private async transferByKey(key: string): Promise<SandboxTransferRow | null> {
    const rows: SandboxTransferRow[] = await this.dataSource.query(`SELECT * FROM sandbox_transfers WHERE idempotency_key = $1`, [key]);
    return rows[0] ?? null;
  }
}
