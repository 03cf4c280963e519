import { apiErrorFromReply, isAbortError, networkError } from './api-error';

/** 'report.pdf' from `attachment; filename="report.pdf"` (or filename*=UTF-8''…), without any folder; null without one. */
export function attachmentName(disposition: string | null): string | null {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  const name = match?.[1] ? (decodeURIComponent(match[1]).split(/[/\\]/).pop() ?? '') : '';
  return name || null;
}

/**
 * A file the API serves instead of JSON (a PDF, a CSV), fetched with the session cookie like every
 * other call: its bytes and the name its Content-Disposition gives. A failure is the API's error (its
 * envelope's code and message), or the network error when no reply came.
 */
export async function fetchFile(url: string, signal?: AbortSignal): Promise<{ blob: Blob; filename: string | null }> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', signal });
  } catch (thrown) {
    if (isAbortError(thrown)) throw thrown;
    throw networkError();
  }
  if (!response.ok) {
    const isJson = /\bjson\b/i.test(response.headers.get('Content-Type') ?? '');
    throw apiErrorFromReply(response.status, isJson ? await response.json().catch(() => undefined) : await response.text());
  }
  return { blob: await response.blob(), filename: attachmentName(response.headers.get('Content-Disposition')) };
}

/** Hands the browser a file to save under `filename`. */
export function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
