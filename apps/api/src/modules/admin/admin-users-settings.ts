import type { EntityManager } from 'typeorm';

/**
 * The console's own settings per administrator (table admin_settings, owned by this module: it is
 * the console's data, not product data, so it does not widen the accounts table that every
 * product read goes through). Today: the users list's page size, kept once an administrator picks one.
 */
export async function storedUsersPageSize(manager: EntityManager, adminId: string): Promise<number | null> {
  const [row]: Array<{ users_page_size: number }> = await manager.query(`SELECT users_page_size FROM admin_settings WHERE admin_id = $1`, [adminId]);
  return row?.users_page_size ?? null;
}

export async function storeUsersPageSize(manager: EntityManager, adminId: string, pageSize: number): Promise<void> {
  await manager.query(
    `INSERT INTO admin_settings (admin_id, users_page_size) VALUES ($1, $2)
     ON CONFLICT (admin_id) DO UPDATE SET users_page_size = EXCLUDED.users_page_size, updated_at = now()
     WHERE admin_settings.users_page_size IS DISTINCT FROM EXCLUDED.users_page_size`,
    [adminId, pageSize],
  );
}
