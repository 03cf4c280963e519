import { apiErrorFromReply, networkError } from './api-error';

export interface UploadOptions {
  /** Full URL of the endpoint, for example `${apiBase}/user/upload-photo`. */
  url: string;
  /** The multipart body: the browser sets the boundary header itself. */
  form: FormData;
  method?: 'POST' | 'PUT';
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The request factory; tests pass a stand-in, browsers use XMLHttpRequest. */
  createRequest?: () => XMLHttpRequest;
}

/** The share of an upload sent so far; 0 until the browser knows the total. */
export function uploadFraction(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(1, Math.max(0, loaded / total));
}

function parseReply(text: string): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function abortError(): Error {
  const error = new Error('The upload was cancelled');
  error.name = 'AbortError';
  return error;
}

/**
 * A multipart upload that reports its progress. fetch cannot observe an upload's progress, so
 * files go through XMLHttpRequest; failures follow the api-client's rules (spec §8): the envelope's
 * code and message, a non-JSON reply's status and text, -1 without a reply. A cancelled upload
 * rejects with an AbortError.
 */
export function uploadWithProgress<T>({ url, form, method = 'POST', onProgress, signal, createRequest }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const request = createRequest ? createRequest() : new XMLHttpRequest();
    request.open(method, url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => onProgress?.(uploadFraction(event.loaded, event.total));
    request.onload = () => {
      const body = parseReply(request.responseText);
      const json = typeof body === 'object' && body !== null;
      if (request.status >= 200 && request.status < 300 && json) {
        onProgress?.(1);
        resolve(body as T);
      } else {
        reject(apiErrorFromReply(request.status, body));
      }
    };
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(abortError());
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
