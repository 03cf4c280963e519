import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './test-app';

/** One server-sent event as the stream writes it. */
export interface StreamEvent {
  id: string | null;
  event: string;
  data: Record<string, unknown>;
}

/** A stream client over plain HTTP: the events it got so far, and a way to wait for more. */
export class StreamClient {
  readonly events: StreamEvent[] = [];
  status = 0;
  contentType = '';
  ended = false;
  private buffer = '';
  private waiters: Array<() => void> = [];
  private readonly request: http.ClientRequest;

  constructor(baseUrl: string, token: string, headers: Record<string, string> = {}, query = '') {
    this.request = http.get(`${baseUrl}/api/v1/user/notifications/stream${query}`, { headers: { 'x-access-token': token, accept: 'text/event-stream', ...headers } }, (response) => {
      this.status = response.statusCode ?? 0;
      this.contentType = String(response.headers['content-type'] ?? '');
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => this.take(chunk));
      response.on('end', () => {
        this.ended = true;
        for (const waiter of this.waiters.splice(0)) waiter();
      });
    });
    this.request.on('error', () => undefined);
  }

  /** Waits until `count` events named `name` arrived (or fails after `timeoutMs`). */
  async waitFor(name: string, count = 1, timeoutMs = 10_000): Promise<StreamEvent[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.filter((event) => event.event === name);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${count} '${name}' event(s); got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  /** Waits until the server ended the stream (or fails after `timeoutMs`). */
  async waitForEnd(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error('The stream did not end');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  close(): void {
    this.request.destroy();
  }

  private take(chunk: string): void {
    this.buffer += chunk;
    let end = this.buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        if (line.startsWith(':') || !line.includes(':')) continue;
        const at = line.indexOf(':');
        fields.set(line.slice(0, at), line.slice(at + 1).trim());
      }
      if (fields.has('data')) this.events.push({ id: fields.get('id') ?? null, event: fields.get('event') ?? 'message', data: JSON.parse(fields.get('data') ?? '{}') });
      end = this.buffer.indexOf('\n\n');
    }
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

export async function listen(testApp: TestApp): Promise<string> {
  if (!testApp.server.listening) await new Promise<void>((resolve) => testApp.server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(testApp.server.address() as AddressInfo).port}`;
}

