import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface AdminAuditEntry {
  adminId: string;
  /** What was done, dotted by area: 'payout.send', 'payout.status'. */
  action: string;
  subjectType: string;
  subjectId: string;
  /** The subject as it was and as it became: facts an auditor reads, never a secret (no tokens, keys or card data). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * What every administrator did. Written in the transaction of the change itself, so an audited
 * change never commits without its row and a rolled-back one leaves none.
 */
@Injectable()
export class AdminAudit {
  async recordIn(manager: EntityManager, entry: AdminAuditEntry): Promise<void> {
    await manager.query(`INSERT INTO admin_audit (admin_id, action, subject_type, subject_id, before, after) VALUES ($1, $2, $3, $4, $5, $6)`, [
      entry.adminId,
      entry.action,
      entry.subjectType,
      entry.subjectId,
      entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
    ]);
  }
}
