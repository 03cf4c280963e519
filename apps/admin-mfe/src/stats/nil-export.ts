import { apiErrorFromReply, isAbortError, networkError } from '@huddle/api-client';

/** 'huddle-nil-flagged-2026-11-27.csv' from `attachment; filename="huddle-nil-flagged-2026-11-27.csv"`, else the fallback. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  const name = match?.[1] ? (decodeURIComponent(match[1]).split(/[/\\]/).pop() ?? '') : '';
  return name || fallback;
}

/**
 * GET /admin/nil-disclosures/flagged-export (issue 23): every flagged NIL deal as CSV, with the
 * session, under the name the API gives it. The API's error (its envelope) or the network error otherwise.
 */
export async function fetchFlaggedNilCsv(apiBase: string): Promise<{ filename: string; blob: Blob }> {
  let response: Response;
  try {
    response = await fetch(`${apiBase.replace(/\/+$/, '')}/admin/nil-disclosures/flagged-export`, { credentials: 'include' });
  } catch (thrown) {
    if (isAbortError(thrown)) throw thrown;
    throw networkError();
  }
  if (!response.ok) {
    const isJson = /\bjson\b/i.test(response.headers.get('Content-Type') ?? '');
    throw apiErrorFromReply(response.status, isJson ? await response.json().catch(() => undefined) : await response.text());
  }
  return { filename: attachmentName(response.headers.get('Content-Disposition'), 'huddle-nil-flagged.csv'), blob: await response.blob() };
}
