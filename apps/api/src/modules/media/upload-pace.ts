import type { IncomingMessage } from 'node:http';
import { answerClientError } from '../../common/http/client-errors';

/** Bytes a form must bring in every HTTP_IDLE_TIMEOUT_SECONDS (at the default 60 s, about 270 B/s). */
export const UPLOAD_MIN_BYTES_PER_WINDOW = 16 * 1024;

/**
 * Closes the connection of a form whose bytes trickle in (a slow drip: each byte inside the idle
 * timeout, so the socket never goes silent, while the request never ends): when a window of
 * `windowMs` brings fewer than UPLOAD_MIN_BYTES_PER_WINDOW, the client gets 408 in the envelope
 * and the socket is closed; @fastify/multipart then ends the parts with a premature close, so the
 * staged files are removed. Returns the function that stops watching.
 */
export function closeWhenTrickling(raw: IncomingMessage, windowMs: number): () => void {
  const socket = raw.socket;
  let mark = socket.bytesRead;
  const timer = setInterval(() => {
    if (raw.complete || socket.destroyed) return clearInterval(timer);
    if (socket.bytesRead - mark >= UPLOAD_MIN_BYTES_PER_WINDOW) {
      mark = socket.bytesRead;
      return;
    }
    clearInterval(timer);
    answerClientError(Object.assign(new Error('The upload arrived too slowly'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
    socket.destroySoon();
  }, windowMs);
  timer.unref();
  return () => clearInterval(timer);
}
