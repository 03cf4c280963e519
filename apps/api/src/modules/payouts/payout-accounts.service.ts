import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { PAYOUT_ACCOUNT_LINES, payoutAccountState } from '@huddle/domain/payouts';
import type { PayoutAccountState } from '@huddle/domain/payouts';
import { AppConfig } from '../../config/app-config';
import { PAYOUT_PROVIDER } from './payout-provider';
import type { ConnectAccount, PayoutProvider, PayoutProviderName } from './payout-provider';
import { SandboxPayoutProvider } from './sandbox-payout-provider';
import { athleteContact } from './payout-lists.query';
import { PAYOUT_SETTINGS_PATH } from './payouts.paths';

export interface PayoutAccountRow {
  athlete_id: string;
  provider: PayoutProviderName;
  provider_account_id: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements_due: string[];
  updated_at: Date;
}

export interface PayoutAccountView {
  state: PayoutAccountState;
  /** 'Payouts ready', 'Stripe needs more information', ... */
  line: string;
  provider: PayoutProviderName;
  requirements: string[];
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  updatedAt: Date | null;
}

/** Whether an athlete can be paid now, and in the administrator's words why not. */
export interface Readiness {
  state: PayoutAccountState;
  ready: boolean;
  reason: string | null;
  destination: string | null;
}

export function readinessOf(row: PayoutAccountRow | undefined): Readiness {
  const state = payoutAccountState(row ? { detailsSubmitted: row.details_submitted, payoutsEnabled: row.payouts_enabled, requirementsDue: row.requirements_due } : null);
  return { state, ready: state === 'ready', reason: state === 'ready' ? null : PAYOUT_ACCOUNT_LINES[state].admin, destination: row?.provider_account_id ?? null };
}

/**
 * Where each athlete's money goes: one connected account per athlete at the payout provider,
 * created when they first ask, its state kept as the provider last reported it (account.updated,
 * or a re-read while it is not ready yet, since the athlete comes back from onboarding before the
 * webhook may arrive).
 */
@Injectable()
export class PayoutAccountsService {
  constructor(
    @Inject(PAYOUT_PROVIDER) private readonly provider: PayoutProvider,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async view(athleteId: string): Promise<PayoutAccountView> {
    let row = await this.row(athleteId);
    if (row && !readinessOf(row).ready) row = (await this.refresh(row.provider_account_id)) ?? row;
    return this.toView(row);
  }

  /**
   * The athlete's account, created once (a repeat, or two racing calls, send the same idempotency
   * key and get the same account), and a fresh onboarding link back to Huddle's settings.
   */
  async connect(athleteId: string): Promise<{ account: PayoutAccountView; onboardingUrl: string; expiresAt: number }> {
    let row = await this.row(athleteId);
    if (!row) {
      const contact = await athleteContact(this.dataSource.manager, athleteId);
      const account = await this.provider.createAccount({ athleteId, email: contact?.email ?? null, idempotencyKey: `huddle:connect-account:${athleteId}` });
      await this.dataSource.query(
        `INSERT INTO payout_accounts (athlete_id, provider, provider_account_id, charges_enabled, payouts_enabled, details_submitted, requirements_due)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (athlete_id) DO NOTHING`,
        [athleteId, this.provider.name, account.id, account.chargesEnabled, account.payoutsEnabled, account.detailsSubmitted, account.requirementsDue],
      );
      row = await this.row(athleteId);
    }
    if (!row) throw new Error(`The payout account of ${athleteId} was not stored`);
    const settings = `${this.config.PUBLIC_APP_URL.replace(/\/+$/, '')}${PAYOUT_SETTINGS_PATH}`;
    const link = await this.provider.createAccountLink({ accountId: row.provider_account_id, refreshUrl: `${settings}?onboarding=refresh`, returnUrl: `${settings}?onboarding=done` });
    return { account: this.toView(row), onboardingUrl: link.url, expiresAt: link.expiresAt };
  }

  /**
   * The demo seed's athlete, onboarded through the sandbox's page as a browser would (with a bank
   * account), so the payout screens have a ready athlete on first start. Sandbox only.
   */
  async onboardInSandbox(athleteId: string): Promise<PayoutAccountView> {
    if (!(this.provider instanceof SandboxPayoutProvider)) throw new Error('Only the sandbox onboards an account without the athlete');
    const { onboardingUrl } = await this.connect(athleteId);
    const token = new URL(onboardingUrl, 'http://localhost').searchParams.get('token') ?? '';
    const submitted = await this.provider.submit(token, true);
    if (!submitted) throw new Error(`The sandbox refused the onboarding of ${athleteId}`);
    await this.store(submitted.account);
    return this.view(athleteId);
  }

  /** The provider said the account changed (account.updated): its state re-read and kept. Null for an account Huddle does not know. */
  async refresh(providerAccountId: string): Promise<PayoutAccountRow | null> {
    const account = await this.provider.retrieveAccount(providerAccountId);
    return this.store(account);
  }

  /** Readiness of each athlete's account, read in the caller's transaction (the payout send's, under its locks). */
  async readinessIn(manager: EntityManager, athleteIds: readonly string[]): Promise<Map<string, Readiness>> {
    const rows: PayoutAccountRow[] = await manager.query(`SELECT * FROM payout_accounts WHERE athlete_id = ANY($1::uuid[])`, [athleteIds]);
    const byAthlete = new Map(rows.map((row) => [row.athlete_id, row]));
    return new Map(athleteIds.map((id) => [id, readinessOf(byAthlete.get(id))]));
  }

  async athleteOf(providerAccountId: string): Promise<string | null> {
    const rows: Array<{ athlete_id: string }> = await this.dataSource.query(`SELECT athlete_id FROM payout_accounts WHERE provider_account_id = $1`, [providerAccountId]);
    return rows[0]?.athlete_id ?? null;
  }

  private async store(account: ConnectAccount): Promise<PayoutAccountRow | null> {
    const [rows]: [PayoutAccountRow[], number] = await this.dataSource.query(
      `UPDATE payout_accounts SET charges_enabled = $2, payouts_enabled = $3, details_submitted = $4, requirements_due = $5, updated_at = now()
        WHERE provider_account_id = $1 RETURNING *`,
      [account.id, account.chargesEnabled, account.payoutsEnabled, account.detailsSubmitted, account.requirementsDue],
    );
    return rows[0] ?? null;
  }

  private async row(athleteId: string): Promise<PayoutAccountRow | null> {
    const rows: PayoutAccountRow[] = await this.dataSource.query(`SELECT * FROM payout_accounts WHERE athlete_id = $1`, [athleteId]);
    return rows[0] ?? null;
  }

  private toView(row: PayoutAccountRow | null): PayoutAccountView {
    const readiness = readinessOf(row ?? undefined);
    return {
      state: readiness.state,
      line: PAYOUT_ACCOUNT_LINES[readiness.state].athlete,
      provider: row?.provider ?? this.provider.name,
      requirements: row?.requirements_due ?? [],
      payoutsEnabled: row?.payouts_enabled ?? false,
      detailsSubmitted: row?.details_submitted ?? false,
      updatedAt: row?.updated_at ?? null,
    };
  }
}
