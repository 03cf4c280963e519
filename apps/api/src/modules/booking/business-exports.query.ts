import type { EntityManager } from 'typeorm';

export interface ExportOwner {
  /** The business's name as its report shows it: the profile's name, else the account's. */
  name: string;
  /** The account's own email, where a sent export goes. */
  email: string;
}

/**
 * Who a statistics export is for, read from `accounts` and `business_profiles`: the business's
 * name for the report's header and file name, and the account's email. Null for an account that
 * is gone.
 */
export async function exportOwnerOf(manager: EntityManager, businessId: string): Promise<ExportOwner | null> {
  const [row]: Array<{ email: string; profile_name: string | null; first_name: string | null; last_name: string | null; username: string | null }> =
    await manager.query(
      `SELECT a.email, b.name AS profile_name, a.first_name, a.last_name, a.username
         FROM accounts a LEFT JOIN business_profiles b ON b.account_id = a.id
        WHERE a.id = $1 AND a.deleted_at IS NULL`,
      [businessId],
    );
  if (!row) return null;
  const name = row.profile_name?.trim() || [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username || 'Business';
  return { name, email: row.email };
}
