import { Injectable } from '@nestjs/common';
import { ErrorCode, RequestStatus, VIDEO_CHAT, VIDEO_SIGNAL_KINDS, VIDEO_SIGNAL_MAX_BYTES, videoChatEndsAt } from '@huddle/domain';
import type { VideoSignalKind } from '@huddle/domain';
import { Clock } from '../../common/time/clock';
import { DomainError } from '../../common/errors/domain-error';
import { Transactions } from '../../database/transactions';
import { NotificationsService } from '../notifications/notifications.service';
import { VideoService } from '../video/video.service';
import type { VideoJoin } from '../video/video.service';
import { BookingErrors } from './booking.errors';
import { RequestEntity } from './entities/request.entity';
import { RequestCoreService } from './request-core.service';
import { partyOf } from './request-party';
import type { RequestActor } from './request-party';

/**
 * Video chat requests' calls (issue 13): the athlete starts the call in its window (the request
 * goes to 6 and its video session is made in the same transaction), only the request's two parties
 * join, each with a token bound to the room and to them that expires with the session, the call is
 * finished (6 -> 5) when either leaves after confirming or its time is up, and the embedded
 * provider's signals go from one party's browser to the other's stream.
 */
@Injectable()
export class VideoChatsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly core: RequestCoreService,
    private readonly video: VideoService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  async start(requestId: string, actor: RequestActor): Promise<RequestEntity> {
    return this.core.apply(requestId, 'start_video_chat', actor, {
      effect: async (request, manager) => {
        await this.video.openSessionIn(manager, { requestId: request.id, athleteId: request.athleteId, requesterId: request.requesterId });
      },
    });
  }

  /** A party's join of a call in progress (spec §3: uid, token, appId, channelName), until its time is up. */
  async join(requestId: string, actor: RequestActor): Promise<VideoJoin> {
    const request = await this.partyRequest(requestId, actor);
    if (request.type !== 'video_chat') throw BookingErrors.requestNotFound();
    if (request.status !== RequestStatus.InProgress || !request.chatStartedAt) {
      throw new DomainError(ErrorCode.Conflict, request.status === RequestStatus.Finished ? 'Your chat has been finished' : 'The video chat has not started');
    }
    const endsAt = videoChatEndsAt(Math.floor(request.chatStartedAt.getTime() / 1000), request.startAt ? Math.floor(request.startAt.getTime() / 1000) : null);
    if (Math.floor(this.clock.now().getTime() / 1000) >= endsAt + VIDEO_CHAT.tokenSlackSeconds) throw new DomainError(ErrorCode.Conflict, 'The time of this video chat is up');
    const side = partyOf(request, actor) === 'athlete' ? 'athlete' : 'requester';
    const join = await this.video.join(request.id, side, request.chatStartedAt, request.startAt);
    if (!join) throw new DomainError(ErrorCode.Conflict, 'The video chat has not started');
    return join;
  }

  /**
   * The call is over (a party left after confirming, or its time is up): the request is finished.
   * Both parties may say so at once, so a call already finished answers as it is.
   */
  async complete(requestId: string, actor: RequestActor): Promise<RequestEntity> {
    const request = await this.partyRequest(requestId, actor);
    if (request.type !== 'video_chat') throw BookingErrors.requestNotFound();
    if (request.status === RequestStatus.Finished && request.videoChatCompleted) return request;
    try {
      return await this.core.apply(requestId, 'complete_video_chat', actor);
    } catch (error) {
      const now = await this.transactions.manager.findOneBy(RequestEntity, { id: requestId });
      if (error instanceof DomainError && now?.status === RequestStatus.Finished && now.videoChatCompleted) return now;
      throw error;
    }
  }

  /** Whether the call was finished (the one still on it is told 'Your chat has been finished'). */
  async check(requestId: string, actor: RequestActor): Promise<{ video_chat_completed: boolean; status: number }> {
    const request = await this.partyRequest(requestId, actor);
    return { video_chat_completed: request.videoChatCompleted, status: request.status };
  }

  /** An embedded call's signal, from one party's browser to the other party's stream. */
  async signal(requestId: string, actor: RequestActor, input: { token: string; kind: string; data: string }): Promise<void> {
    const request = await this.partyRequest(requestId, actor);
    if (request.status !== RequestStatus.InProgress) throw new DomainError(ErrorCode.Conflict, 'The video chat is not in progress');
    if (!(VIDEO_SIGNAL_KINDS as readonly string[]).includes(input.kind)) throw BookingErrors.invalid({ kind: 'Unknown signal' });
    if (Buffer.byteLength(input.data) > VIDEO_SIGNAL_MAX_BYTES) throw BookingErrors.invalid({ data: 'The signal is too large' });
    const route = await this.video.signalRoute(request.id, input.token);
    // The token is the caller's own: an athlete cannot speak as the requester, nor anyone with another call's token.
    const side = partyOf(request, actor);
    const expectedTo = side === 'athlete' ? request.requesterId : request.athleteId;
    if (!route || route.toUserId !== expectedTo) throw new DomainError(ErrorCode.Forbidden, 'This video chat token is not valid');
    await this.notifications.sendSignal(route.toUserId, { request_id: request.id, from: route.from, kind: input.kind as VideoSignalKind, data: input.data });
  }

  /** The request, for one of its two parties only (an administrator does not join calls); 1404 otherwise. */
  private async partyRequest(requestId: string, actor: RequestActor): Promise<RequestEntity> {
    const request = await this.transactions.manager.findOneBy(RequestEntity, { id: requestId });
    const party = request ? partyOf(request, actor) : null;
    if (!request || (party !== 'athlete' && party !== 'requester')) throw BookingErrors.requestNotFound();
    return request;
  }
}
