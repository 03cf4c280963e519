import type { Schemas } from '@huddle/api-client';

/** GET /admin/money, the administrator's money desk (issue 21), as the API's DTOs give it: dollars, unix seconds. */
export type MoneyDesk = Omit<Schemas['MoneyDeskResponse'], 'status_response'>;
export type MoneyBalances = Schemas['LedgerBalancesDto'];
export type MoneyIncident = Schemas['MoneyIncidentDto'];
export type ResolvedIncident = MoneyIncident;
export type MoneyDispute = Schemas['DisputeDto'];
export type DeadMoneyJob = Schemas['DeadMoneyJobDto'];
export type FlaggedRequest = Schemas['FlaggedRequestDto'];
export type Reconciliation = Schemas['ReconciliationDto'];

/** The ledger's balances in the order the desk shows them, each with the name an administrator reads. */
export const BALANCE_LABELS: readonly (readonly [keyof MoneyBalances, string])[] = [
  ['holds', 'Card holds'],
  ['cash', 'Cash'],
  ['platform_fees', 'Platform fees'],
  ['athlete_payable', 'Athlete payable'],
  ['paid_out', 'Paid out'],
  ['disputed_funds', 'Disputed funds'],
  ['dispute_losses', 'Dispute losses'],
  ['unallocated', 'Unallocated'],
];

/** Where an incident leads: the API's link, else the request it is about. */
export function incidentLink(incident: Pick<MoneyIncident, 'link' | 'subject_type' | 'subject_id'>): string | null {
  if (incident.link) return incident.link;
  return incident.subject_type === 'request' ? `/manage/request/${incident.subject_id}` : null;
}

export const MONEY_DESK_TOASTS = {
  incidentResolved: 'Incident resolved',
  jobRetried: 'Job retried',
} as const;
