import { fetchFile } from '@huddle/api-client/file-download';

/**
 * GET /admin/nil-disclosures/flagged-export (issue 23): every flagged NIL deal as CSV, with the
 * session, under the name the API gives it.
 */
export async function fetchFlaggedNilCsv(apiBase: string): Promise<{ filename: string; blob: Blob }> {
  const { blob, filename } = await fetchFile(`${apiBase.replace(/\/+$/, '')}/admin/nil-disclosures/flagged-export`);
  return { filename: filename ?? 'huddle-nil-flagged.csv', blob };
}
