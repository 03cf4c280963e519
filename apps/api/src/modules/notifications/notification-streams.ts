import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { LIVE_EVENT_NAMES } from '@huddle/domain';
import type { LiveEvent } from '@huddle/domain';
import { AppConfig } from '../../config/app-config';
import { ClusterBus } from '../../database/cluster-bus';
import { NOTIFICATIONS_CHANNEL, NotificationsService, toLiveNotification } from './notifications.service';
import type { NotificationRow } from './notifications.service';

/** Keeps an idle stream (and proxies) open and tells the client it is alive (see LIVE_EVENT_NAMES). */
const HEARTBEAT = `event: ${LIVE_EVENT_NAMES.heartbeat}\ndata: {}\n\n`;
/** How many missed notifications one reconnect replays (the rest are in the list). */
const REPLAY_LIMIT = 500;

/** One open server-sent-event connection of a signed-in user. */
export interface StreamSink {
  /** Writes a chunk of the event stream; false when the socket is gone. */
  write: (chunk: string) => boolean;
}

interface Connection {
  userId: string;
  sink: StreamSink;
  /** The number of the last notification sent to it. */
  lastSeq: number;
  /** Live notifications that came while its replay was being read, sent after it. */
  pending: NotificationRow[] | null;
}

function frame(event: LiveEvent, id?: number): string {
  const name = event.type === 'notification' ? LIVE_EVENT_NAMES.notification : LIVE_EVENT_NAMES.unread;
  const data = event.type === 'notification' ? { notification: event.notification, unread_count: event.unread_count } : { unread_count: event.unread_count };
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The server-sent-event connections this API process holds, by user. Every process reads
 * NOTIFICATIONS_CHANNEL (PostgreSQL LISTEN/NOTIFY, delivered at commit), looks up what concerns its
 * own connections in one statement, and writes it to them; a heartbeat event keeps idle
 * connections (and proxies in between) open. When the listening connection was lost, every
 * connection is brought up to date from the table.
 */
@Injectable()
export class NotificationStreams implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('NotificationStreams');
  private readonly byUser = new Map<string, Set<Connection>>();
  private heartbeat: NodeJS.Timeout | null = null;
  private turn: Promise<void> = Promise.resolve();

  constructor(
    private readonly notifications: NotificationsService,
    private readonly bus: ClusterBus,
    private readonly config: AppConfig,
  ) {
    this.bus.read(NOTIFICATIONS_CHANNEL, {
      onMessage: (payload) => this.inTurn(() => this.deliver(payload), 'deliver notifications'),
      onResync: () => this.inTurn(() => this.resync(), 'catch streams up'),
    });
  }

  /** How many connections this process holds (tests, the benchmark's check). */
  get size(): number {
    let count = 0;
    for (const connections of this.byUser.values()) count += connections.size;
    return count;
  }

  onApplicationBootstrap(): void {
    this.heartbeat = setInterval(() => this.beat(), this.config.NOTIFICATIONS_HEARTBEAT_SECONDS * 1000);
    this.heartbeat.unref();
  }

  onApplicationShutdown(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.byUser.clear();
  }

  /**
   * Starts a user's stream: what they missed since `lastEventId` (when the client says), then the
   * unread count, then everything new as it commits. Answers the function that ends it.
   */
  async open(userId: string, sink: StreamSink, lastEventId: number | null): Promise<() => void> {
    const connection: Connection = { userId, sink, lastSeq: 0, pending: [] };
    const connections = this.byUser.get(userId) ?? new Set<Connection>();
    connections.add(connection);
    this.byUser.set(userId, connections);
    const close = () => {
      connections.delete(connection);
      if (connections.size === 0 && this.byUser.get(userId) === connections) this.byUser.delete(userId);
    };
    try {
      let missed: NotificationRow[] = [];
      if (lastEventId === null) connection.lastSeq = await this.notifications.lastSeq(userId);
      else {
        connection.lastSeq = lastEventId;
        missed = await this.notifications.since(userId, lastEventId, REPLAY_LIMIT);
      }
      const unread = await this.notifications.unreadCount(userId);
      this.write(connection, missed, unread);
      // What committed while the replay was read came in meanwhile; in order after it, without repeats.
      const pending = connection.pending ?? [];
      connection.pending = null;
      this.write(connection, pending, unread);
      sink.write(frame({ type: 'unread', unread_count: unread }));
    } catch (error) {
      close();
      throw error;
    }
    return close;
  }

  /**
   * Messages are handled one after the other, in the order PostgreSQL delivered them (the order of
   * the commits): handled side by side, a later notification's lookup could finish first, and a
   * connection that skips what it already had would then skip the earlier one for good.
   */
  private inTurn(work: () => Promise<void>, what: string): void {
    this.turn = this.turn.then(work).catch((error: Error) => this.logger.warn(`Could not ${what}: ${error.message}`));
  }

  private async deliver(payload: string): Promise<void> {
    const fresh: Array<{ userId: string; seq: number }> = [];
    const counted = new Set<string>();
    for (const item of payload.split(',')) {
      const [kind, userId, seq] = item.split(':');
      if (!userId || !this.byUser.has(userId)) continue;
      if (kind === 'n' && seq) fresh.push({ userId, seq: Number(seq) });
      if (kind === 'u') counted.add(userId);
    }
    if (fresh.length === 0 && counted.size === 0) return;
    const rows = await this.notifications.byNumbers(fresh);
    const counts = await this.notifications.unreadCounts([...new Set([...rows.map((row) => row.user_id), ...counted])]);
    for (const row of rows) {
      for (const connection of this.byUser.get(row.user_id) ?? []) this.push(connection, [row], counts.get(row.user_id) ?? 0);
    }
    for (const userId of counted) {
      const unread = counts.get(userId) ?? 0;
      for (const connection of this.byUser.get(userId) ?? []) if (!connection.pending) connection.sink.write(frame({ type: 'unread', unread_count: unread }));
    }
  }

  /** After a lost listening connection: whatever each connection missed meanwhile, from the table. */
  private async resync(): Promise<void> {
    for (const [userId, connections] of this.byUser) {
      const unread = await this.notifications.unreadCount(userId);
      for (const connection of connections) {
        this.push(connection, await this.notifications.since(userId, connection.lastSeq, REPLAY_LIMIT), unread);
        if (!connection.pending) connection.sink.write(frame({ type: 'unread', unread_count: unread }));
      }
    }
  }

  /** Live rows for a connection: written at once, or kept until its replay is out. */
  private push(connection: Connection, rows: readonly NotificationRow[], unread: number): void {
    if (connection.pending) connection.pending.push(...rows);
    else this.write(connection, rows, unread);
  }

  /** Writes, in order, the rows the connection has not had yet (a user's numbers rise in commit order). */
  private write(connection: Connection, rows: readonly NotificationRow[], unread: number): void {
    for (const row of [...rows].sort((a, b) => Number(a.seq) - Number(b.seq))) {
      const seq = Number(row.seq);
      if (seq <= connection.lastSeq) continue;
      connection.sink.write(frame({ type: 'notification', notification: toLiveNotification(row), unread_count: unread }, seq));
      connection.lastSeq = seq;
    }
  }

  private beat(): void {
    for (const connections of this.byUser.values()) for (const connection of connections) connection.sink.write(HEARTBEAT);
  }
}
