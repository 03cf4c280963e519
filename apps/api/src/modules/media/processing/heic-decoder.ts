import { Worker } from 'node:worker_threads';

/** A HEIC photo decoded to RGBA pixels (width x height x 4 bytes). */
export interface DecodedHeic {
  width: number;
  height: number;
  data: Uint8Array;
}

/** More HEIC photos wait for this process's decoder than it takes: the caller is asked to try again. */
export class HeicDecoderBusyError extends Error {
  constructor(readonly waiting: number) {
    super(`${waiting} HEIC photo(s) already wait for the decoder`);
    this.name = 'HeicDecoderBusyError';
  }
}

/** The decoder itself failed (its thread crashed or could not start, or it was closed): not the photo's fault. */
export class HeicDecoderFailedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HeicDecoderFailedError';
  }
}

export interface HeicDecoderOptions {
  /** Photos that may wait while one is decoded; one more is refused with HeicDecoderBusyError. */
  queueLimit: number;
  /**
   * A decode running longer is stopped (its thread ended, a new one started for the next photo) and
   * the photo taken for unreadable: a phone's 50-megapixel photo decodes in about 5 s here.
   */
  timeoutMs: number;
  /**
   * An idle thread is ended after this long: libheif's WebAssembly memory only grows, to the
   * largest photo it decoded (a 12-megapixel one needs its 48 MB of RGBA and the decoder's planes
   * inside it); after the tests' small photo an idle thread held about 15 MB, given back when it
   * ended (measured). The next photo starts a new thread, which costs it 0.15-0.4 s here (the
   * thread, heic-decode and its WebAssembly; a warm thread took 16-27 ms for that photo).
   */
  idleMs: number;
}

/**
 * What a phone's photo takes: heic-decode spends about 100 ms of one core a megapixel here (11.6 ms
 * for the tests' 0.12-megapixel photo), so a 12-megapixel HEIC about a second. Four
 * waiting is about what a person re-trying their upload tolerates; a crowd of uploads beyond that
 * gets a quick "try again" rather than minutes in a queue holding their memory.
 */
export const HEIC_DECODER_DEFAULTS: HeicDecoderOptions = { queueLimit: 4, timeoutMs: 30_000, idleMs: 60_000 };

// The thread's code: heic-decode (libheif compiled to WebAssembly) required by its resolved path,
// so the same source works from the build and from the TypeScript tests. The pixels go back
// transferred (no copy); an error goes back as its message.
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const decode = require(${JSON.stringify(require.resolve('heic-decode'))});
parentPort.on('message', ({ id, buffer }) => {
  decode({ buffer: new Uint8Array(buffer) }).then(
    ({ width, height, data }) => parentPort.postMessage({ id, width, height, data }, [data.buffer]),
    (error) => parentPort.postMessage({ id, error: String((error && error.message) || error) }),
  );
});
`;

interface Job {
  id: number;
  buffer: ArrayBuffer;
  resolve: (image: DecodedHeic) => void;
  reject: (error: Error) => void;
}

type Answer = { id: number; width: number; height: number; data: Uint8ClampedArray } | { id: number; error: string };

/**
 * HEIC photos decoded one at a time on a thread of their own: libheif's WebAssembly decode is
 * synchronous, so on the event loop a phone's photo held every other call of the API process for
 * about a second, and photos decoded side by side each held their full-size pixels at once (a
 * 50-megapixel photo is 200 MB of RGBA). Here the event loop stays free, one photo is decoded at a
 * time, at most `queueLimit` wait, and a decode that runs away is ended with its thread.
 */
export class HeicDecoder {
  private thread: Worker | null = null;
  private readonly waiting: Job[] = [];
  private running: { job: Job; timer: NodeJS.Timeout } | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private nextId = 1;

  constructor(private readonly options: HeicDecoderOptions = HEIC_DECODER_DEFAULTS) {}

  /** Decodes the first image of `file`; rejects with HeicDecoderBusyError when too many wait already. */
  decode(file: Buffer): Promise<DecodedHeic> {
    if (this.running && this.waiting.length >= this.options.queueLimit) return Promise.reject(new HeicDecoderBusyError(this.waiting.length));
    // A copy of its own, transferred to the thread: the caller's Buffer may share a pooled ArrayBuffer.
    const buffer = new Uint8Array(file).buffer;
    return new Promise<DecodedHeic>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, buffer, resolve, reject });
      this.next();
    });
  }

  /** Ends the thread (a process shutting down, a test's end); photos still waiting are refused. */
  async close(): Promise<void> {
    this.stopIdleTimer();
    const thread = this.thread;
    this.thread = null;
    this.fail(new HeicDecoderFailedError('The HEIC decoder was closed'));
    await thread?.terminate();
  }

  private next(): void {
    if (this.running) return;
    const job = this.waiting.shift();
    if (!job) {
      // Idle, the thread keeps no process from ending, and ends after idleMs with its memory.
      const idle = this.thread;
      if (idle && !this.idleTimer) {
        idle.unref();
        this.idleTimer = setTimeout(() => {
          this.idleTimer = null;
          if (this.thread !== idle || this.running) return;
          // No longer this decoder's thread first: its exit is then not taken for a failure.
          this.thread = null;
          void idle.terminate();
        }, this.options.idleMs).unref();
      }
      return;
    }
    this.stopIdleTimer();
    const timer = setTimeout(() => this.stopThread(new Error(`The HEIC decode ran past ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
    this.running = { job, timer };
    try {
      const thread = this.threadNow();
      thread.ref();
      thread.postMessage({ id: job.id, buffer: job.buffer }, [job.buffer]);
    } catch (error) {
      // No thread could be started (out of memory, a process shutting down): this photo fails, the next tries again.
      this.stopThread(new HeicDecoderFailedError('The HEIC decoder could not start', { cause: error }));
    }
  }

  private stopIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /** Whether a decoding thread is up now (ended after idleMs of idleness, started by the next photo). */
  get threadAlive(): boolean {
    return this.thread !== null;
  }

  private threadNow(): Worker {
    if (this.thread) return this.thread;
    const thread = new Worker(THREAD_SOURCE, { eval: true });
    // Referenced only while it decodes (next), so an idle decoder keeps no process alive.
    thread.on('message', (answer: Answer) => this.answered(answer));
    // Only this decoder's current thread counts: one already ended (a timeout) may still report.
    thread.on('error', (error) => {
      if (this.thread === thread) this.stopThread(new HeicDecoderFailedError("The HEIC decoder's thread failed", { cause: error }));
    });
    thread.on('exit', (code) => {
      if (this.thread === thread) this.stopThread(new HeicDecoderFailedError(`The HEIC decoder's thread ended (${code})`));
    });
    this.thread = thread;
    return thread;
  }

  private answered(answer: Answer): void {
    const current = this.running;
    if (!current || current.job.id !== answer.id) return;
    clearTimeout(current.timer);
    this.running = null;
    if ('error' in answer) current.job.reject(new Error(answer.error));
    else current.job.resolve({ width: answer.width, height: answer.height, data: new Uint8Array(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength) });
    this.next();
  }

  /** The running decode failed with its thread (a crash, a timeout): the thread goes, the next photo gets a new one. */
  private stopThread(error: Error): void {
    const thread = this.thread;
    this.thread = null;
    void thread?.terminate();
    const current = this.running;
    this.running = null;
    if (current) {
      clearTimeout(current.timer);
      current.job.reject(error);
    }
    this.next();
  }

  private fail(error: Error): void {
    if (this.running) {
      clearTimeout(this.running.timer);
      this.running.job.reject(error);
      this.running = null;
    }
    for (const job of this.waiting.splice(0)) job.reject(error);
  }
}

/** This process's decoder (image-processor's HEIC photos). */
export const heicDecoder = new HeicDecoder();
