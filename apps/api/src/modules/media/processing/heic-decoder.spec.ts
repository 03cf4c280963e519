import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import heicDecode from 'heic-decode';
import { HeicDecoder, HeicDecoderBusyError, HeicDecoderFailedError } from './heic-decoder';

const PHOTO = readFileSync(path.join(__dirname, '../../../../test/fixtures/photo.heic'));
const digest = (data: Uint8Array | Uint8ClampedArray) => createHash('sha256').update(data).digest('hex');

describe('HeicDecoder', () => {
  const decoders: HeicDecoder[] = [];
  const decoder = (queueLimit = 4, timeoutMs = 30_000, idleMs = 60_000) => {
    const made = new HeicDecoder({ queueLimit, timeoutMs, idleMs });
    decoders.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(decoders.splice(0).map((made) => made.close()));
  });

  it('answers the very pixels heic-decode gives, decoded on its own thread', async () => {
    const direct = await heicDecode({ buffer: PHOTO });
    const decoded = await decoder().decode(PHOTO);
    expect({ width: decoded.width, height: decoded.height, bytes: decoded.data.byteLength }).toEqual({ width: direct.width, height: direct.height, bytes: direct.width * direct.height * 4 });
    expect(digest(decoded.data)).toBe(digest(direct.data));
  });

  it('decodes one photo at a time, lets queueLimit wait, and refuses the next at once', async () => {
    const heic = decoder(2);
    // All asked for in the same turn: the first runs, two wait, the fourth is refused.
    const finished: number[] = [];
    const asked = [0, 1, 2, 3].map((index) => heic.decode(PHOTO).then((image) => (finished.push(index), image)));
    const settled = await Promise.allSettled(asked);
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    // In the order asked: one after the other.
    expect(finished).toEqual([0, 1, 2]);
    expect((settled[3] as PromiseRejectedResult).reason).toBeInstanceOf(HeicDecoderBusyError);
    // Once they are done, the queue takes photos again.
    await expect(heic.decode(PHOTO)).resolves.toMatchObject({ width: expect.any(Number) });
  });

  it('rejects what is not HEIC, and the thread goes on decoding', async () => {
    const heic = decoder();
    await expect(heic.decode(Buffer.from('ftypheic pretending, but only text'))).rejects.toThrow(/not a HEIC image/);
    await expect(heic.decode(PHOTO)).resolves.toMatchObject({ width: expect.any(Number) });
  });

  it('ends a decode that runs past its time with its thread, and starts a new thread for the next photo', async () => {
    const heic = decoder(4, 1);
    await expect(heic.decode(PHOTO)).rejects.toThrow(/ran past 1 ms/);
    const patient = decoder(4, 30_000);
    await expect(patient.decode(PHOTO)).resolves.toMatchObject({ width: expect.any(Number) });
    // The impatient decoder itself recovers too: a new thread, whose first photo still runs out of time.
    await expect(heic.decode(PHOTO)).rejects.toThrow(/ran past 1 ms/);
  });

  it('ends its thread after idleMs without photos, and starts a new one for the next photo', async () => {
    const terminate = jest.spyOn(Worker.prototype, 'terminate');
    try {
      const heic = decoder(4, 30_000, 100);
      expect(heic.threadAlive).toBe(false);
      await heic.decode(PHOTO);
      expect(heic.threadAlive).toBe(true);
      // A photo within idleMs keeps the thread (and its idle time starts again after it).
      await new Promise((resolve) => setTimeout(resolve, 40));
      await heic.decode(PHOTO);
      await new Promise((resolve) => setTimeout(resolve, 70));
      expect([heic.threadAlive, terminate.mock.calls.length]).toEqual([true, 0]);
      // Idle past idleMs: the thread is ended (terminated, its memory returned), not just forgotten.
      while (heic.threadAlive) await new Promise((resolve) => setImmediate(resolve));
      expect(terminate).toHaveBeenCalledTimes(1);
      // A photo at once, while the ended thread may still be exiting: its exit fails nothing, and
      // the photo gets a thread of its own.
      await expect(heic.decode(PHOTO)).resolves.toMatchObject({ width: expect.any(Number) });
      expect(heic.threadAlive).toBe(true);
      await expect(heic.decode(PHOTO)).resolves.toMatchObject({ width: expect.any(Number) });
    } finally {
      terminate.mockRestore();
    }
  });

  it('refuses what still waits when it is closed', async () => {
    const heic = decoder(4);
    const asked = Promise.allSettled([heic.decode(PHOTO), heic.decode(PHOTO)]);
    await heic.close();
    const settled = await asked;
    expect(settled.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    // The decoder's failure, not the photo's: the API answers it with 1503, not 'wrong file type'.
    for (const outcome of settled) expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(HeicDecoderFailedError);
  });
});
