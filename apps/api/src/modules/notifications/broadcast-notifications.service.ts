import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { NotificationData } from '@huddle/domain';
import { writeNotifications } from './notification-writes';

/**
 * Notifications that concern no request (an administrator's custom push): one notification of
 * the same text to each of many users, written in the caller's transaction by the module's one
 * writer (numbered per user, announced on the stream at commit). In-app only: a push is not mail.
 */
@Injectable()
export class BroadcastNotifications {
  async writeIn(manager: EntityManager, userIds: readonly string[], data: NotificationData, referenceId: string | null): Promise<void> {
    const drafts = [...new Set(userIds)].map((userId) => ({ userId, data, email: false }));
    await writeNotifications((sql, params) => manager.query(sql, params), drafts, { referenceId, requestId: null, requestType: null, campaignId: null });
  }
}
