import type { components } from './generated/schema';

export { createApiClient, ACCESS_TOKEN_HEADER } from './client';
export type { ApiClient, ApiClientOptions } from './client';
export { ApiError, apiErrorFromReply, isAbortError, networkError, toApiError, NETWORK_ERROR_MESSAGE, UNKNOWN_ERROR_CODE } from './api-error';
export type { FieldErrors } from './api-error';
export { unwrap } from './unwrap';
export type { ApiResult } from './unwrap';
export type { components, operations, paths } from './generated/schema';

/** Every request and response body of the API, by schema name (Schemas['AccountDto'], ...). */
export type Schemas = components['schemas'];
export { uploadWithProgress, uploadFraction } from './upload';
// Files the API serves (fetchFile, saveBlob, attachmentName): import '@huddle/api-client/file-download',
// so only the screens that download carry them.
export type { UploadOptions } from './upload';
export { mediaImageSources, mediaUrl } from './media-url';
export type { MediaImageSources } from './media-url';
export { takeBootAnswer, bootFirstScreen, bootPreloaded, bootRemotes } from './boot-answers';
export type { BootData, RenderedFirstScreen } from './boot-answers';
