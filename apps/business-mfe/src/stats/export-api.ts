import { createApiClient, unwrap, type Schemas } from '@huddle/api-client';
import { fetchFile } from '@huddle/api-client/file-download';

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
    /** The finished file as the API serves it (not JSON), with the session like every call. */
    file: async (downloadPath: string): Promise<Blob> => (await fetchFile(`${apiBase.replace(/\/+$/, '')}${downloadPath}`)).blob,
  };
}
