import { randomUUID } from 'node:crypto';
import { Injectable, Logger, Module } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import type { Notification } from 'pg';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { DatabaseServer } from './database-server';
import { DatabaseServerModule } from './database.module';

/** A channel name PostgreSQL takes unquoted: lowercase letters, digits and underscores. */
const CHANNEL = /^[a-z][a-z0-9_]*$/;
const FIRST_RETRY_MS = 500;
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7_900;

/** A subscriber to a channel whose messages carry a payload (ClusterBus.read). */
export interface PayloadReader {
  onMessage: (payload: string) => void;
  onResync: () => void;
}
/**
 * The longest wait between tries to listen again. While this process does not listen, its streams
 * get nothing live; one connection attempt every 5 s is cheap, and after PostgreSQL comes back
 * they resume within 5 s (a 30 s cap left them silent for up to 30 s after a long outage).
 */
const LAST_RETRY_MS = 5_000;

/**
 * Tells every API process on the same database that something happened, through PostgreSQL
 * LISTEN/NOTIFY (DESIGN: "Past one machine"): API_WORKERS > 1 on one host, or instances on many.
 * A process does not hear its own messages; it acts on its own changes through in-process events.
 *
 * Each process holds one listening connection of its own, outside the pool. When that connection
 * drops, messages sent meanwhile are lost, so after reconnecting every subscriber is called once,
 * as if each of its channels had been notified.
 */
@Injectable()
export class ClusterBus implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ClusterBus');
  /** Sent as the payload, so this process can tell its own messages apart. */
  private readonly origin = randomUUID();
  private readonly subscribers = new Map<string, Set<() => void>>();
  private readonly readers = new Map<string, Set<PayloadReader>>();
  private listener: Client | null = null;
  private retryDelay = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly server: DatabaseServer,
    private readonly dataSource: DataSource,
  ) {}

  /** Calls `onMessage` whenever another process publishes on `channel`. */
  subscribe(channel: string, onMessage: () => void): void {
    if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    const known = this.subscribers.get(channel);
    if (known) {
      known.add(onMessage);
      return;
    }
    this.subscribers.set(channel, new Set([onMessage]));
    // Before the start, listen() covers it; after, the open connection starts listening now.
    this.listener?.query(`LISTEN ${channel}`).catch((error: Error) => this.logger.warn(`Could not listen on ${channel}: ${error.message}`));
  }

  /**
   * Hands `reader.onMessage` the payload of every message on `channel`, this process's own
   * included (what one process writes may be for a client connected to it). After the listening
   * connection was lost and is back, `reader.onResync` is called instead: what was sent meanwhile
   * is gone, so the reader looks again for itself.
   */
  read(channel: string, reader: PayloadReader): void {
    if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    if (this.subscribers.has(channel)) throw new Error(`Channel ${channel} carries no payload`);
    const known = this.readers.get(channel);
    if (known) {
      known.add(reader);
      return;
    }
    this.readers.set(channel, new Set([reader]));
    this.listener?.query(`LISTEN ${channel}`).catch((error: Error) => this.logger.warn(`Could not listen on ${channel}: ${error.message}`));
  }

  /**
   * Sends `payload` on `channel` inside the caller's transaction: PostgreSQL delivers it when that
   * transaction commits, and never if it rolls back. Payloads stay well under PostgreSQL's 8000 bytes.
   */
  async sendIn(manager: EntityManager, channel: string, payload: string): Promise<void> {
    if (Buffer.byteLength(payload) > MAX_NOTIFY_PAYLOAD_BYTES) throw new Error(`A ${channel} message of ${Buffer.byteLength(payload)} bytes is too long`);
    await manager.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  /** Tells the other processes. A failure is logged, never thrown: the caller's change is already made. */
  async publish(channel: string): Promise<void> {
    try {
      await this.dataSource.query('SELECT pg_notify($1, $2)', [channel, this.origin]);
    } catch (error) {
      this.logger.warn(`Could not publish on ${channel}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listen(false);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  private async listen(reconnecting: boolean): Promise<void> {
    // keepAlive: a connection cut without a reset would otherwise look alive, and hear nothing, forever.
    const client = new Client({ connectionString: this.server.url, keepAlive: true });
    client.on('notification', (message: Notification) => {
      const readers = this.readers.get(message.channel);
      if (readers) this.hand(readers, (reader) => reader.onMessage(message.payload ?? ''), message.channel);
      else if (message.payload !== this.origin) this.deliver(message.channel);
    });
    // 'error' comes before 'end' on a lost connection; without a listener it would crash the process.
    client.on('error', (error: Error) => this.logger.warn(`Listening connection failed: ${error.message}`));
    client.on('end', () => {
      if (this.listener === client) {
        this.listener = null;
        this.retryLater();
      }
    });
    try {
      await client.connect();
      for (const channel of [...this.subscribers.keys(), ...this.readers.keys()]) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.logger.warn(`Could not listen for other processes' changes: ${error instanceof Error ? error.message : String(error)}`);
      this.retryLater();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    this.retryDelay = FIRST_RETRY_MS;
    if (reconnecting) {
      for (const channel of this.subscribers.keys()) this.deliver(channel);
      for (const [channel, readers] of this.readers) this.hand(readers, (reader) => reader.onResync(), channel);
    }
  }

  private retryLater(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.listen(true);
    }, this.retryDelay);
    this.retryTimer.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, LAST_RETRY_MS);
  }

  private hand(readers: Set<PayloadReader>, call: (reader: PayloadReader) => void, channel: string): void {
    for (const reader of readers) {
      try {
        call(reader);
      } catch (error) {
        this.logger.error(`A reader of ${channel} failed`, error instanceof Error ? error.stack : String(error));
      }
    }
  }

  private deliver(channel: string): void {
    for (const onMessage of this.subscribers.get(channel) ?? []) {
      try {
        onMessage();
      } catch (error) {
        this.logger.error(`A subscriber of ${channel} failed`, error instanceof Error ? error.stack : String(error));
      }
    }
  }
}

@Module({
  imports: [DatabaseServerModule],
  providers: [ClusterBus],
  exports: [ClusterBus],
})
export class ClusterBusModule {}
