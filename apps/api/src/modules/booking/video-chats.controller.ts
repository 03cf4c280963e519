import { Body, Controller, Get, HttpCode, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserType } from '@huddle/domain';
import type { RoleCode } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { StagedUploadsInterceptor, UploadedFormFields } from '../media/media.module';
import type { FormFields } from '../media/media.module';
import { BookingErrors } from './booking.errors';
import { BookingRequestsService } from './booking-requests.service';
import { RequestPayload, VideoChatCheckPayload, VideoChatJoinPayload, VideoSignalSentPayload } from './dto/request.dto';
import { ApproveBody, RequestIdQuery, VideoSignalBody } from './dto/request-inputs.dto';
import { VideoChatsService } from './video-chats.service';

const PARTIES: RoleCode[] = [UserType.Fan, UserType.Athlete, UserType.Business];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Live video chat of video chat requests (spec §3, §4, §7; issue 13). */
@ApiTags('booking')
@Controller('booking/request')
export class VideoChatsController {
  constructor(
    private readonly chats: VideoChatsService,
    private readonly requests: BookingRequestsService,
  ) {}

  @Put('start-video-chat')
  @Roles(UserType.Athlete)
  @ApiOperation({ summary: "The athlete starts the call, from 10 minutes before the booked time to 30 minutes after it: the request goes to 6 with its video session ready." })
  @ApiOkEnvelope(RequestPayload)
  async start(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestIdQuery): Promise<RequestPayload> {
    const request = await this.chats.start(query.request_id, account);
    return { request: await this.requests.viewOf(request, account) };
  }

  @Get('video-chat')
  @Roles(...PARTIES)
  @ApiOperation({
    summary: "Join a call in progress: the caller's uid and token (bound to the room and to the caller, expiring 2 minutes after the session's 5), the appId and channelName, the partner's uid, ICE servers and the call's clock. Only the request's two parties; 1409 before the start or after the end.",
  })
  @ApiOkEnvelope(VideoChatJoinPayload)
  async join(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestIdQuery): Promise<VideoChatJoinPayload> {
    const join = await this.chats.join(query.request_id, account);
    return {
      provider: join.provider,
      appId: join.appId,
      channelName: join.channelName,
      uid: join.uid,
      token: join.token,
      partner_uid: join.partnerUid,
      ice_servers: join.iceServers,
      started_at: join.startedAt,
      ends_at: join.endsAt,
      token_expires_at: join.tokenExpiresAt,
    };
  }

  @Put('complete-video-chat')
  @Roles(...PARTIES)
  @UseInterceptors(StagedUploadsInterceptor([]))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: ApproveBody })
  @ApiOperation({ summary: "The call's time is up (or a party finishes it): the request is finished (6 -> 5). Repeats answer the finished request." })
  @ApiOkEnvelope(RequestPayload)
  async complete(@CurrentAccount() account: AuthenticatedAccount, @UploadedFormFields() fields: FormFields, @Body() body: unknown): Promise<RequestPayload> {
    const request = await this.chats.complete(requestIdOf(fields, body), account);
    return { request: await this.requests.viewOf(request, account) };
  }

  @Put('video-chat/leave')
  @Roles(...PARTIES)
  @ApiOperation({ summary: "A party leaves the call after confirming 'finish call': the chat ends for both and the request is finished; the other party's screen shows 'Your chat has been finished'." })
  @ApiOkEnvelope(RequestPayload)
  async leave(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestIdQuery): Promise<RequestPayload> {
    const request = await this.chats.complete(query.request_id, account);
    return { request: await this.requests.viewOf(request, account) };
  }

  @Get('complete-video-chat-check')
  @Roles(...PARTIES)
  @ApiOperation({ summary: 'Whether the call was finished (video_chat_completed) and the request status.' })
  @ApiOkEnvelope(VideoChatCheckPayload)
  check(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestIdQuery): Promise<VideoChatCheckPayload> {
    return this.chats.check(query.request_id, account);
  }

  @Post('video-chat/signal')
  @HttpCode(200)
  @Roles(...PARTIES)
  @ApiOperation({
    summary: "The embedded provider's signalling: an offer, answer, ICE candidate, hello or bye for the other party, delivered on their notification stream as `event: signal`. Needs the caller's own join token.",
  })
  @ApiOkEnvelope(VideoSignalSentPayload)
  async signal(@CurrentAccount() account: AuthenticatedAccount, @Body() body: VideoSignalBody): Promise<VideoSignalSentPayload> {
    await this.chats.signal(body.request_id, account, { token: body.token, kind: body.kind, data: body.data });
    return { sent: true };
  }
}

function requestIdOf(fields: FormFields, body: unknown): string {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).request_id : undefined;
  const id = fields.request_id ?? fromBody;
  if (typeof id !== 'string' || !UUID.test(id)) throw BookingErrors.invalid({ request_id: 'Request not found' });
  return id;
}
