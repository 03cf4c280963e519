import { apiErrorFromReply, createApiClient, networkError, unwrap, type Schemas } from '@huddle/api-client';

export type BusinessExport = Schemas['BusinessExportDto'];
export type BusinessExportAnswer = Schemas['BusinessExportResponse'];

/**
 * The business's statistics export (issue 23): GET /booking/request/counters-business-export starts
 * a job and answers its row; the row is read again until it is done; the file comes from its
 * download_path with the session, like every other call.
 */
export function businessExportApi(apiBase: string) {
  const api = createApiClient({ baseUrl: apiBase });
  return {
    start: (format: BusinessExport['format'], send: boolean, tz: string): Promise<BusinessExportAnswer> =>
      unwrap(api.GET('/booking/request/counters-business-export', { params: { query: { export: format, send: send ? 'true' : 'false', tz } } })),
    read: (id: string, signal?: AbortSignal): Promise<BusinessExportAnswer> =>
      unwrap(api.GET('/booking/request/counters-business-export/{id}', { params: { path: { id } }, signal })),
    /** The finished file as the API serves it (not JSON, so past openapi-fetch's JSON-only replies). */
    file: async (downloadPath: string): Promise<Blob> => {
      let response: Response;
      try {
        response = await fetch(`${apiBase.replace(/\/+$/, '')}${downloadPath}`, { credentials: 'include' });
      } catch {
        throw networkError();
      }
      if (!response.ok) {
        const isJson = /\bjson\b/i.test(response.headers.get('Content-Type') ?? '');
        throw apiErrorFromReply(response.status, isJson ? await response.json().catch(() => undefined) : await response.text());
      }
      return response.blob();
    },
  };
}

/** Hands the browser a file to save under the name the API answered. */
export function saveFile(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
