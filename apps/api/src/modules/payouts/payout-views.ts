import { toDollars } from '@huddle/domain';
import type { AthletePayoutDto, PayoutAccountDto, PayoutCandidateDto, PayoutSummaryPayload, SentPayoutDto } from './dto/payouts.dto';
import type { PayoutAccountView } from './payout-accounts.service';
import { fullName } from './payout-lists.query';
import type { PayoutWithItems } from './payout-lists.query';
import type { AthletePayoutSummary, PayoutCandidate } from './payouts.service';

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** The API's payout answers: snake_case, dollars and unix seconds (the spec's units), from the service's cents and dates. */
export function candidateView(candidate: PayoutCandidate): PayoutCandidateDto {
  return {
    id: candidate.contact.id,
    first_name: candidate.contact.firstName,
    last_name: candidate.contact.lastName,
    mobile: candidate.contact.phone,
    email: candidate.contact.email,
    last_payment_date: candidate.lastPayment ? seconds(candidate.lastPayment.createdAt) : null,
    last_payment_amount: candidate.lastPayment ? toDollars(candidate.lastPayment.amountCents) : null,
    past_due: toDollars(candidate.due.pastDueCents),
    current_due: toDollars(candidate.due.currentDueCents),
    payable: toDollars(candidate.due.payableCents),
    payout_ready: candidate.ready,
    payout_account_state: candidate.accountState as PayoutCandidateDto['payout_account_state'],
    payout_blocked_reason: candidate.reason,
  };
}

export function sentPayoutView({ payout, items }: PayoutWithItems): SentPayoutDto {
  return {
    id: payout.id,
    provider_payout_id: payout.provider_payout_id,
    created_at: seconds(payout.created_at),
    total_amount: toDollars(Number(payout.total_cents)),
    items_view: items.map((item) => ({
      id: item.id,
      athlete_id: item.athlete_id,
      athlete_name: fullName({ firstName: item.athlete_first_name, lastName: item.athlete_last_name }),
      receiver: item.receiver_email || item.receiver_phone || null,
      athlete_email: item.athlete_email,
      created_at: seconds(item.created_at),
      amount: toDollars(item.amount_cents),
      sent_amount: toDollars(item.sent_cents),
      status: item.status,
    })),
  };
}

export function accountView(account: PayoutAccountView): PayoutAccountDto {
  return {
    state: account.state,
    line: account.line,
    provider: account.provider,
    requirements: account.requirements,
    payouts_enabled: account.payoutsEnabled,
    details_submitted: account.detailsSubmitted,
    updated_at: account.updatedAt ? seconds(account.updatedAt) : null,
  };
}

export function summaryView(summary: AthletePayoutSummary): PayoutSummaryPayload {
  const payouts: AthletePayoutDto[] = summary.items.map(({ item, requests }) => ({
    id: item.id,
    amount: toDollars(item.amount_cents),
    sent_amount: toDollars(item.sent_cents),
    status: item.status,
    created_at: seconds(item.created_at),
    sent_at: item.sent_at ? seconds(item.sent_at) : null,
    requests: requests.map((request) => ({ request_id: request.requestId, name: request.name, type: request.type, amount: toDollars(request.amountCents) })),
  }));
  return {
    owed: toDollars(summary.owedCents),
    held: toDollars(summary.heldCents),
    payable: toDollars(summary.due.payableCents),
    past_due: toDollars(summary.due.pastDueCents),
    current_due: toDollars(summary.due.currentDueCents),
    on_its_way: toDollars(summary.onItsWayCents),
    paid: toDollars(summary.paidCents),
    payouts,
  };
}
