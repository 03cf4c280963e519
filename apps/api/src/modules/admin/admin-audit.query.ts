import type { EntityManager } from 'typeorm';

export interface AuditFilter {
  adminId?: string;
  subjectType?: string;
  subjectId?: string;
  action?: string;
}

export interface AuditRow {
  id: string;
  admin_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  action: string;
  subject_type: string;
  subject_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
}

function where(filter: AuditFilter): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (column: string, value: string | undefined) => {
    if (value === undefined || value === '') return;
    params.push(value);
    conditions.push(`${column} = $${params.length}`);
  };
  add('au.admin_id', filter.adminId);
  add('au.subject_type', filter.subjectType);
  add('au.subject_id', filter.subjectId);
  add('au.action', filter.action);
  return { sql: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/**
 * Read model of the audit trail (reads audit's `admin_audit` and accounts' `accounts` for the
 * administrator's name, deleted administrators included): newest first.
 */
export async function auditPage(manager: EntityManager, filter: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
  const { sql, params } = where(filter);
  const [rows, [{ total }]] = await Promise.all([
    manager.query(
      `SELECT au.id::text AS id, au.admin_id, a.first_name, a.last_name, a.email, au.action, au.subject_type, au.subject_id, au.before, au.after, au.created_at
         FROM admin_audit au JOIN accounts a ON a.id = au.admin_id
         ${sql} ORDER BY au.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ) as Promise<AuditRow[]>,
    manager.query(`SELECT count(*)::int AS total FROM admin_audit au ${sql}`, params) as Promise<Array<{ total: number }>>,
  ]);
  return { rows, total };
}
