import type { EntityManager } from 'typeorm';
import type { PayoutItemStatus } from '@huddle/domain/payouts';

/** An athlete as the payout screens name and reach them. */
export interface AthleteContact {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  userType: number;
}

interface ContactRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  user_type: number;
}

function toContact(row: ContactRow): AthleteContact {
  return { id: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email, phone: row.phone, userType: row.user_type };
}

export function fullName(contact: Pick<AthleteContact, 'firstName' | 'lastName'>): string {
  return [contact.firstName, contact.lastName].filter((part) => part && part.trim()).join(' ').trim() || 'This athlete';
}

/**
 * Read models of the payouts module (DESIGN "Data"). They read `accounts` (the accounts module's)
 * for names and contacts, and the module's own `payouts`, `payout_items` and `payout_allocations`
 * with `requests` (booking's) for what each payout paid.
 */
export async function athleteContacts(manager: EntityManager, ids: readonly string[]): Promise<Map<string, AthleteContact>> {
  if (ids.length === 0) return new Map();
  const rows: ContactRow[] = await manager.query(`SELECT id, first_name, last_name, email, phone, user_type FROM accounts WHERE id = ANY($1::uuid[])`, [ids]);
  return new Map(rows.map((row) => [row.id, toContact(row)]));
}

export async function athleteContact(manager: EntityManager, id: string): Promise<AthleteContact | null> {
  return (await athleteContacts(manager, [id])).get(id) ?? null;
}

/** Each athlete's latest payout item that was not given back (pending or sent): the list's last payment. */
export async function lastPayments(manager: EntityManager, ids: readonly string[]): Promise<Map<string, { createdAt: Date; amountCents: number }>> {
  if (ids.length === 0) return new Map();
  const rows: Array<{ athlete_id: string; created_at: Date; amount_cents: number }> = await manager.query(
    `SELECT DISTINCT ON (athlete_id) athlete_id, created_at, amount_cents FROM payout_items
      WHERE athlete_id = ANY($1::uuid[]) AND status IN ('pending', 'sent') ORDER BY athlete_id, created_at DESC, id`,
    [ids],
  );
  return new Map(rows.map((row) => [row.athlete_id, { createdAt: row.created_at, amountCents: row.amount_cents }]));
}

export interface PayoutItemRow {
  id: string;
  payout_id: string;
  athlete_id: string;
  amount_cents: number;
  /** The parts the provider made (sent allocations; an item of one transfer of its own counts whole once sent). */
  sent_cents: number;
  receiver_email: string | null;
  receiver_phone: string | null;
  status: PayoutItemStatus;
  provider_transfer_id: string | null;
  created_at: Date;
  sent_at: Date | null;
  athlete_first_name: string | null;
  athlete_last_name: string | null;
  athlete_email: string | null;
}

export interface PayoutRow {
  id: string;
  provider: string;
  provider_payout_id: string;
  created_by: string;
  total_cents: string;
  idempotency_key: string | null;
  created_at: Date;
}

export interface PayoutWithItems {
  payout: PayoutRow;
  items: PayoutItemRow[];
}

async function itemsOf(manager: EntityManager, payoutIds: readonly string[], athleteId: string | null): Promise<PayoutItemRow[]> {
  if (payoutIds.length === 0) return [];
  return manager.query(
    `SELECT i.id, i.payout_id, i.athlete_id, i.amount_cents, i.receiver_email, i.receiver_phone, i.status, i.provider_transfer_id, i.created_at, i.sent_at,
            coalesce((SELECT CASE WHEN count(*) > 0 THEN coalesce(sum(x.amount_cents) FILTER (WHERE x.status = 'sent'), 0) END
                        FROM payout_allocations x WHERE x.payout_item_id = i.id),
                     CASE WHEN i.status = 'sent' THEN i.amount_cents ELSE 0 END)::int AS sent_cents,
            a.first_name AS athlete_first_name, a.last_name AS athlete_last_name, a.email AS athlete_email
       FROM payout_items i JOIN accounts a ON a.id = i.athlete_id
      WHERE i.payout_id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR i.athlete_id = $2)
      ORDER BY i.created_at, a.last_name, i.id`,
    [payoutIds, athleteId],
  );
}

function withItems(payouts: readonly PayoutRow[], items: readonly PayoutItemRow[]): PayoutWithItems[] {
  return payouts.map((payout) => ({ payout, items: items.filter((item) => item.payout_id === payout.id) }));
}

export async function payoutsByIds(manager: EntityManager, ids: readonly string[]): Promise<PayoutWithItems[]> {
  const payouts: PayoutRow[] = await manager.query(`SELECT * FROM payouts WHERE id = ANY($1::uuid[]) ORDER BY created_at, id`, [ids]);
  return withItems(payouts, await itemsOf(manager, ids, null));
}

/** The sent payouts, a page at a time, oldest or newest first. */
export async function sentPayoutsPage(manager: EntityManager, page: number, pageSize: number, order: 'asc' | 'desc'): Promise<{ payouts: PayoutWithItems[]; total: number }> {
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const payouts: PayoutRow[] = await manager.query(`SELECT * FROM payouts ORDER BY created_at ${direction}, id ${direction} LIMIT $1 OFFSET $2`, [pageSize, (page - 1) * pageSize]);
  const [{ total }]: Array<{ total: number }> = await manager.query(`SELECT count(*)::int AS total FROM payouts`);
  return { payouts: withItems(payouts, await itemsOf(manager, payouts.map((payout) => payout.id), null)), total };
}

/** The requests each of these items paid or is paying, and how much of each: a part refused, held back or reversed paid nothing. */
export async function allocationsOf(manager: EntityManager, itemIds: readonly string[]): Promise<Map<string, Array<{ requestId: string; name: string; type: string; amountCents: number }>>> {
  const result = new Map<string, Array<{ requestId: string; name: string; type: string; amountCents: number }>>();
  if (itemIds.length === 0) return result;
  const rows: Array<{ payout_item_id: string; request_id: string; name: string; type: string; amount_cents: number }> = await manager.query(
    `SELECT a.payout_item_id, a.request_id, r.name, r.type, a.amount_cents FROM payout_allocations a JOIN requests r ON r.id = a.request_id
      WHERE a.payout_item_id = ANY($1::uuid[]) AND a.status IN ('pending', 'sent') ORDER BY r.finished_at, r.id`,
    [itemIds],
  );
  for (const row of rows) {
    const list = result.get(row.payout_item_id) ?? [];
    list.push({ requestId: row.request_id, name: row.name, type: row.type, amountCents: row.amount_cents });
    result.set(row.payout_item_id, list);
  }
  return result;
}

/** One athlete's payout items, newest first. */
export async function athletePayoutItems(manager: EntityManager, athleteId: string, limit: number): Promise<PayoutItemRow[]> {
  const payoutIds: Array<{ payout_id: string }> = await manager.query(
    `SELECT payout_id FROM payout_items WHERE athlete_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
    [athleteId, limit],
  );
  const items = await itemsOf(manager, payoutIds.map((row) => row.payout_id), athleteId);
  return items.sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
}
