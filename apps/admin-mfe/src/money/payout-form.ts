import { formatCents, toCents, toDollars } from '@huddle/domain';
import { checkPayoutForm, PAYOUT_ACCOUNT_LINES, PAYOUT_MESSAGES, payoutAmountCents, type PayoutFormCheck } from '@huddle/domain/payouts';
import { plural } from '@huddle/domain/format';
import { sanitizeAmountInput } from '@huddle/domain/request-details';
import type { PayoutCandidate, PayoutItem } from './admin-money-api';

/**
 * The administrator's payout form on /manage/payouts (spec §5 Payout, issue 21): which athletes are
 * chosen and what was typed for each. An amount nobody typed is what is payable. The rule that
 * checks it is libs/domain's checkPayoutForm; this file only feeds it and reads its answer.
 */
export interface PayoutSelection {
  chosen: ReadonlySet<string>;
  /** What the administrator typed, by athlete id (dollars, digits and a dot). */
  typed: Readonly<Record<string, string>>;
}

export const EMPTY_SELECTION: PayoutSelection = { chosen: new Set(), typed: {} };

/** An athlete can be chosen only when their payout account can take a transfer and something is payable. */
export function canChoose(candidate: Pick<PayoutCandidate, 'payout_ready' | 'payable'>): boolean {
  return candidate.payout_ready && candidate.payable > 0;
}

/** Why an athlete cannot be chosen, as the administrator reads it beside them; null when they can. */
export function whyNotPayable(candidate: Pick<PayoutCandidate, 'payout_ready' | 'payable' | 'payout_account_state' | 'payout_blocked_reason'>): string | null {
  if (!candidate.payout_ready) return candidate.payout_blocked_reason ?? PAYOUT_ACCOUNT_LINES[candidate.payout_account_state].admin;
  return candidate.payable > 0 ? null : 'nothing payable';
}

/** The amount field's value: what was typed, else the payable amount with its cents. */
export function amountOf(selection: PayoutSelection, candidate: Pick<PayoutCandidate, 'id' | 'payable'>): string {
  return selection.typed[candidate.id] ?? toDollars(toCents(candidate.payable)).toFixed(2);
}

export function toggleAthlete(selection: PayoutSelection, athleteId: string, chosen: boolean): PayoutSelection {
  const next = new Set(selection.chosen);
  if (chosen) next.add(athleteId);
  else next.delete(athleteId);
  return { ...selection, chosen: next };
}

/** Every athlete of the page that can be chosen, or none when they all already are. */
export function toggleAll(selection: PayoutSelection, candidates: readonly PayoutCandidate[]): PayoutSelection {
  const choosable = candidates.filter(canChoose).map((candidate) => candidate.id);
  const allChosen = choosable.length > 0 && choosable.every((id) => selection.chosen.has(id));
  return { ...selection, chosen: allChosen ? new Set() : new Set(choosable) };
}

/** A keystroke in an amount field: only digits and a dot stay (spec §5, price inputs). */
export function typeAmount(selection: PayoutSelection, athleteId: string, input: string): PayoutSelection {
  return { ...selection, typed: { ...selection.typed, [athleteId]: sanitizeAmountInput(input) } };
}

/** The chosen athletes of this page that can be paid, in the page's order. */
function chosenCandidates(selection: PayoutSelection, candidates: readonly PayoutCandidate[]): PayoutCandidate[] {
  return candidates.filter((candidate) => selection.chosen.has(candidate.id) && canChoose(candidate));
}

/** The form as libs/domain judges it; with nobody chosen, Pay says to choose someone. */
export function checkSelection(selection: PayoutSelection, candidates: readonly PayoutCandidate[]): PayoutFormCheck {
  const chosen = chosenCandidates(selection, candidates);
  if (chosen.length === 0) return { errors: {}, totalCents: 0, canPay: false, message: PAYOUT_MESSAGES.chooseAthlete };
  return checkPayoutForm(
    chosen.map((candidate) => ({ athleteId: candidate.id, amount: amountOf(selection, candidate), payableCents: toCents(candidate.payable) })),
  );
}

/** What the administrator is asked to confirm, and the one key that makes sending it idempotent. */
export interface PayoutConfirmation {
  key: string;
  items: PayoutItem[];
  totalCents: number;
  /** 'Pay $80.00 to 2 athletes?' */
  question: string;
}

export function confirmationQuestion(totalCents: number, athletes: number): string {
  return `Pay ${formatCents(totalCents)} to ${plural(athletes, 'athlete', 'athletes')}?`;
}

/** A fresh key per confirmation (the API accepts [A-Za-z0-9:_-]{8,100}); getRandomValues works outside secure contexts too. */
export function newConfirmationKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return `payout-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The confirmation Pay opens, or null while Pay is disabled. Athletes left at zero are not in the
 * payout (the API would skip them too), so the question counts only those paid.
 */
export function openConfirmation(
  selection: PayoutSelection,
  candidates: readonly PayoutCandidate[],
  makeKey: () => string = newConfirmationKey,
): PayoutConfirmation | null {
  const check = checkSelection(selection, candidates);
  if (!check.canPay) return null;
  const items = chosenCandidates(selection, candidates)
    .map((candidate) => ({ candidate, cents: payoutAmountCents(amountOf(selection, candidate) || '0') ?? 0 }))
    .filter(({ cents }) => cents > 0)
    .map(({ candidate, cents }) => ({ athlete_id: candidate.id, amount: toDollars(cents), email: candidate.email, phone: candidate.mobile }));
  return { key: makeKey(), items, totalCents: check.totalCents, question: confirmationQuestion(check.totalCents, items.length) };
}

export interface PayDeps {
  send: (items: readonly PayoutItem[], key: string) => Promise<unknown>;
  toast: { show: (text: string, tone?: 'info' | 'success' | 'error') => void };
  /** Reads the candidates again (what is payable changed). */
  reload: () => unknown;
}

const inFlight = new WeakMap<PayoutConfirmation, Promise<boolean>>();

/**
 * Sends a confirmed payout: 'Payout sent' and a reload on success, the API's message as a toast on
 * failure. A second click on the same confirmation joins the first call instead of sending again
 * (and the key makes even a repeated request pay once); after a failure the same confirmation may
 * be tried again with the same key.
 */
export function payConfirmed(confirmation: PayoutConfirmation, deps: PayDeps): Promise<boolean> {
  const running = inFlight.get(confirmation);
  if (running) return running;
  const attempt = deps
    .send(confirmation.items, confirmation.key)
    .then(
      () => {
        deps.toast.show(PAYOUT_MESSAGES.sent, 'success');
        return true;
      },
      (error: unknown) => {
        inFlight.delete(confirmation);
        deps.toast.show(error instanceof Error ? error.message : String(error), 'error');
        return false;
      },
    )
    .finally(() => void deps.reload());
  inFlight.set(confirmation, attempt);
  return attempt;
}
