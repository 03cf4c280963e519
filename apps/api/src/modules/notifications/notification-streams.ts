import { Injectable, Logger } from '@nestjs/common';
import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { LIVE_EVENT_NAMES } from '@huddle/domain';
import type { LiveEvent } from '@huddle/domain';
import { AppConfig } from '../../config/app-config';
import { ClusterBus } from '../../database/cluster-bus';
import { SessionsService } from '../auth/sessions.service';
import { NOTIFICATIONS_CHANNEL, NotificationsService, toLiveNotification } from './notifications.service';
import type { NotificationRow } from './notifications.service';

/** Keeps an idle stream (and proxies) open and tells the client it is alive (see LIVE_EVENT_NAMES). */
const HEARTBEAT = `event: ${LIVE_EVENT_NAMES.heartbeat}\ndata: {}\n\n`;
/** Written just before a stream is ended because its session was ended by someone else. */
const SESSION_ENDED = `event: ${LIVE_EVENT_NAMES.sessionEnded}\ndata: {}\n\n`;
/** How many missed notifications one catch-up sends (the rest are in the list). */
const REPLAY_LIMIT = 500;

/** One open server-sent-event connection of a signed-in user. */
export interface StreamSink {
  /** Writes a chunk of the event stream (buffered by the socket when the client is slow). */
  write: (chunk: string) => void;
  /** Ends the stream: the session behind it ended, or the process is stopping. */
  end: () => void;
}

interface Connection {
  userId: string;
  sessionId: string;
  sink: StreamSink;
  /** The number of the last notification sent to it. */
  lastSeq: number;
  /** Live notifications that came while it was catching up, sent after that; null once it has. */
  pending: NotificationRow[] | null;
  /** An unread count that changed while it was catching up. */
  countChanged: boolean;
}

function frame(event: LiveEvent, id?: number): string {
  const [name, data] =
    event.type === 'notification'
      ? [LIVE_EVENT_NAMES.notification, { notification: event.notification, unread_count: event.unread_count }]
      : event.type === 'unread'
        ? [LIVE_EVENT_NAMES.unread, { unread_count: event.unread_count }]
        : [LIVE_EVENT_NAMES.signal, { signal: event.signal }];
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The server-sent-event connections this API process holds, by user. Every process reads
 * NOTIFICATIONS_CHANNEL (PostgreSQL LISTEN/NOTIFY, delivered at commit), looks up what concerns its
 * own connections in one statement, and writes it to them, one message after the other in commit
 * order. A connection that sees a gap in its user's numbers (a message lost with the listening
 * connection, a lookup that failed) reads what it missed from the table first. Each heartbeat
 * keeps idle connections (and proxies in between) open, and ends those whose session ended
 * (logout elsewhere, a password reset, a blocked or deleted account, expiry).
 */
@Injectable()
export class NotificationStreams implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('NotificationStreams');
  private readonly byUser = new Map<string, Set<Connection>>();
  private heartbeat: NodeJS.Timeout | null = null;
  private turn: Promise<void> = Promise.resolve();

  constructor(
    private readonly notifications: NotificationsService,
    private readonly bus: ClusterBus,
    private readonly config: AppConfig,
    private readonly sessions: SessionsService,
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
    this.heartbeat = setInterval(() => this.inTurn(() => this.beat(), 'send heartbeats'), this.config.NOTIFICATIONS_HEARTBEAT_SECONDS * 1000);
    this.heartbeat.unref();
  }

  /** The HTTP server closes only once every response ended: a stream never ends by itself. */
  beforeApplicationShutdown(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const connections of this.byUser.values()) for (const connection of connections) connection.sink.end();
    this.byUser.clear();
  }

  /**
   * Starts a user's stream: what they missed since `lastEventId` (when the client says), then the
   * unread count (its id: where the stream stands), then everything new as it commits. Answers the
   * function that ends it.
   */
  async open(account: { userId: string; sessionId: string }, sink: StreamSink, lastEventId: number | null): Promise<() => void> {
    const { userId } = account;
    const connection: Connection = { userId, sessionId: account.sessionId, sink, lastSeq: 0, pending: [], countChanged: false };
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
      let unread = await this.notifications.unreadCount(userId);
      this.write(connection, missed, unread);
      // What committed while the catch-up was read came in meanwhile; in order after it, without repeats.
      const pending = connection.pending ?? [];
      connection.pending = null;
      if (pending.length > 0 || connection.countChanged) unread = await this.notifications.unreadCount(userId);
      this.write(connection, pending, unread);
      sink.write(frame({ type: 'unread', unread_count: unread }, connection.lastSeq));
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
    const signals: number[] = [];
    const ended = new Set<string>();
    for (const item of payload.split(',')) {
      const [kind, userId, seq] = item.split(':');
      if (!userId || !this.byUser.has(userId)) continue;
      if (kind === 'n' && seq) fresh.push({ userId, seq: Number(seq) });
      if (kind === 'u') counted.add(userId);
      if (kind === 's' && seq) signals.push(Number(seq));
      if (kind === 'e') ended.add(userId);
    }
    if (ended.size > 0) await this.endRevoked(ended);
    // A video chat's signal goes to the user's connections as it is: no number, nothing to catch up on.
    if (signals.length > 0) {
      for (const { userId, signal } of await this.notifications.signalsByIds(signals)) {
        for (const connection of this.byUser.get(userId) ?? []) connection.sink.write(frame({ type: 'signal', signal }));
      }
    }
    if (fresh.length === 0 && counted.size === 0) return;
    const rows = await this.notifications.byNumbers(fresh);
    const counts = await this.notifications.unreadCounts([...new Set([...rows.map((row) => row.user_id), ...counted])]);
    for (const row of rows) {
      for (const connection of this.byUser.get(row.user_id) ?? []) await this.push(connection, [row], counts.get(row.user_id) ?? 0);
    }
    for (const userId of counted) {
      for (const connection of this.byUser.get(userId) ?? []) this.count(connection, counts.get(userId) ?? 0);
    }
  }

  /** The user's sessions were revoked (NotificationsService.endSessionsIn): their streams end now, told why. */
  private async endRevoked(userIds: ReadonlySet<string>): Promise<void> {
    const connections = [...userIds].flatMap((userId) => [...(this.byUser.get(userId) ?? [])]);
    if (connections.length === 0) return;
    const live = await this.sessions.liveOf([...new Set(connections.map((connection) => connection.sessionId))]);
    for (const connection of connections) {
      if (live.has(connection.sessionId)) continue;
      connection.sink.write(SESSION_ENDED);
      connection.sink.end();
    }
  }

  /** After a lost listening connection: whatever each connection missed meanwhile, from the table. */
  private async resync(): Promise<void> {
    for (const [userId, connections] of this.byUser) {
      const unread = await this.notifications.unreadCount(userId);
      for (const connection of connections) {
        await this.push(connection, await this.notifications.since(userId, connection.lastSeq, REPLAY_LIMIT), unread);
        this.count(connection, unread);
      }
    }
  }

  /** Live rows for a connection: kept while it catches up; otherwise written, after what it missed if they skip a number. */
  private async push(connection: Connection, rows: readonly NotificationRow[], unread: number): Promise<void> {
    if (connection.pending) {
      connection.pending.push(...rows);
      return;
    }
    const first = Math.min(...rows.map((row) => Number(row.seq)));
    const gap = rows.length > 0 && first > connection.lastSeq + 1;
    this.write(connection, gap ? await this.notifications.since(connection.userId, connection.lastSeq, REPLAY_LIMIT) : rows, unread);
  }

  private count(connection: Connection, unread: number): void {
    if (connection.pending) connection.countChanged = true;
    else connection.sink.write(frame({ type: 'unread', unread_count: unread }));
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

  /** The heartbeat to every connection, and the end of those whose session ended (one statement). */
  private async beat(): Promise<void> {
    const all = [...this.byUser.values()].flatMap((connections) => [...connections]);
    if (all.length === 0) return;
    const live = await this.sessions.liveOf([...new Set(all.map((connection) => connection.sessionId))]);
    for (const connection of all) {
      if (live.has(connection.sessionId)) connection.sink.write(HEARTBEAT);
      else connection.sink.end();
    }
  }
}
