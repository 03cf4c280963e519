import { createApiClient, unwrap, type Schemas } from '@huddle/api-client';
import type { VideoSignalKind } from '@huddle/domain';

/** What GET /booking/request/video-chat answers: the caller's place in the call and the call's clock. */
export type VideoChatJoin = Omit<Schemas['VideoChatJoinResponse'], 'status_response'>;
/** The request the call belongs to (the partner's name, its status). */
export type ChatRequest = Schemas['RequestDto'];

/** The calls the /chat screen makes (issue 13), through the typed client. */
export function videoChatApi(apiBase: string) {
  const api = createApiClient({ baseUrl: apiBase });
  const byId = (id: string) => ({ params: { query: { request_id: id } } });
  return {
    request: async (id: string, signal?: AbortSignal) => (await unwrap(api.GET('/booking/request', { params: { query: { id } }, signal }))).request,
    /** The caller's uid, token and partner; 1409 before the athlete starts the call or once it is over. */
    join: async (id: string, signal?: AbortSignal): Promise<VideoChatJoin> => {
      const { status_response: _envelope, ...join } = await unwrap(api.GET('/booking/request/video-chat', { ...byId(id), signal }));
      return join;
    },
    /** The caller finished the call after confirming: it ends for both (6 -> 5). */
    leave: async (id: string) => (await unwrap(api.PUT('/booking/request/video-chat/leave', byId(id)))).request,
    /** The call's time is up. */
    complete: async (id: string) => (await unwrap(api.PUT('/booking/request/complete-video-chat', { body: { request_id: id } }))).request,
    /** Whether the call was finished, by the partner or the clock. */
    check: (id: string, signal?: AbortSignal) => unwrap(api.GET('/booking/request/complete-video-chat-check', { ...byId(id), signal })),
    /** The embedded provider's signal to the partner's stream, signed with the caller's own join token. */
    signal: (id: string, token: string, kind: VideoSignalKind, data: string) =>
      unwrap(api.POST('/booking/request/video-chat/signal', { body: { request_id: id, token, kind, data } })),
  };
}

export type VideoChatApi = ReturnType<typeof videoChatApi>;
