import { Body, Controller, Delete, Get, Headers, HttpCode, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtension, ApiHeader, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount, CurrentSessionId } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { NotificationIdsInput, NotificationListPayload, NotificationListQuery, NotificationStreamQuery, UnreadCountPayload } from './dto/notifications.dto';
import { NotificationStreams } from './notification-streams';
import { NotificationsService } from './notifications.service';

/** /notifications is for fans, athletes and businesses (spec §2's route table). */
const READERS = [...(ROUTES.find((route) => route.path === '/notifications')?.roles ?? [])];

/**
 * The caller's own notifications (spec §7): the list, marking read, deleting, and the live stream.
 * No route takes a user id: ids of someone else's notifications change nothing.
 */
@ApiTags('notifications')
@Controller('user/notifications')
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly streams: NotificationStreams,
  ) {}

  @Get('list')
  @Roles(...READERS)
  @ApiOperation({ summary: "The caller's notifications, newest first, with the unread count." })
  @ApiOkEnvelope(NotificationListPayload)
  async list(@CurrentAccount() account: AuthenticatedAccount, @Query() query: NotificationListQuery): Promise<NotificationListPayload> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? 20;
    const found = await this.notifications.list(account.id, page, pageSize);
    return { notifications: found.notifications, unread_count: found.unreadCount, total: found.total, page, page_size: pageSize };
  }

  @Put('set_read')
  @HttpCode(200)
  @Roles(...READERS)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ type: NotificationIdsInput })
  @ApiOperation({ summary: "Marks the caller's notifications among ids read (ids: a JSON array); others' ids change nothing." })
  @ApiOkEnvelope(UnreadCountPayload)
  async setRead(@CurrentAccount() account: AuthenticatedAccount, @Body() body: NotificationIdsInput): Promise<UnreadCountPayload> {
    return { unread_count: await this.notifications.markRead(account.id, body.ids) };
  }

  @Put('set_all_read')
  @HttpCode(200)
  @Roles(...READERS)
  @ApiOperation({ summary: "Marks every one of the caller's notifications read, those not loaded yet too ('Mark all read')." })
  @ApiOkEnvelope(UnreadCountPayload)
  async setAllRead(@CurrentAccount() account: AuthenticatedAccount): Promise<UnreadCountPayload> {
    return { unread_count: await this.notifications.markAllRead(account.id) };
  }

  @Delete('delete')
  @HttpCode(200)
  @Roles(...READERS)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ type: NotificationIdsInput })
  @ApiOperation({ summary: "Deletes the caller's notifications among ids (a JSON array); others' ids change nothing." })
  @ApiOkEnvelope(UnreadCountPayload)
  async remove(@CurrentAccount() account: AuthenticatedAccount, @Body() body: NotificationIdsInput): Promise<UnreadCountPayload> {
    return { unread_count: await this.notifications.remove(account.id, body.ids) };
  }

  @Get('stream')
  @Roles(...READERS)
  @ApiProduces('text/event-stream')
  @ApiExtension('x-stream', true)
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'The id of the last event received; what came after it is sent first.' })
  @ApiOperation({
    summary: 'The live stream (server-sent events) of the caller\'s notifications: `event: unread` with the unread count on connecting and whenever it changes; `event: notification` (id: the notification\'s seq) with it and the count; `event: heartbeat` every NOTIFICATIONS_HEARTBEAT_SECONDS.',
    description: 'Authenticated by the session cookie or the x-access-token header. After a disconnection, Last-Event-ID (or ?last_event_id=) replays what was missed.',
  })
  async stream(
    @CurrentAccount() account: AuthenticatedAccount,
    @CurrentSessionId() sessionId: string,
    @Query() query: NotificationStreamQuery,
    @Headers('last-event-id') lastEventHeader: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // EventSource sends the header on its own reconnects; a stream the shell opened again carries
    // the query. The later of the two is where the client stands.
    const given = [query.last_event_id, /^\d{1,15}$/.test(lastEventHeader ?? '') ? lastEventHeader : undefined].filter((value) => value !== undefined).map(Number);
    reply.hijack();
    const raw = reply.raw;
    // Headers set by hooks so far (CORS, security) go out with the stream's own.
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies that buffer (nginx) pass the events on at once.
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 5000\n\n');
    let closed = false;
    let close: (() => void) | null = null;
    const ended = () => {
      closed = true;
      close?.();
    };
    request.raw.on('close', ended);
    // A client that left while the guards ran closed before anyone listened.
    if (request.raw.destroyed || raw.destroyed) ended();
    const sink = {
      write: (chunk: string) => {
        if (!closed) raw.write(chunk);
      },
      end: () => {
        if (!closed) raw.end();
        ended();
      },
    };
    try {
      close = await this.streams.open({ userId: account.id, sessionId }, sink, given.length > 0 ? Math.max(...given) : null);
      if (closed) close();
    } catch {
      sink.end();
    }
  }
}
