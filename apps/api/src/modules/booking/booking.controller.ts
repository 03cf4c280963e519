import { Body, Controller, Delete, Get, HttpStatus, Post, Put, Query, Res, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { bookingPayloadSchema } from '@huddle/domain/request-details';
import { UserType } from '@huddle/domain';
import type { RoleCode } from '@huddle/domain';
import type { RequestAction } from '@huddle/domain/request-actions';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { RequestOrigin } from '../../config/request-origin.decorator';
import { StagedUploadsInterceptor, UploadedFormFields } from '../media/media.module';
import type { FormFields } from '../media/media.module';
import { BookingErrors } from './booking.errors';
import { BookingRequestsService } from './booking-requests.service';
import { RequestCountersPayload, RequestListPayload, RequestPayload, SharePayload, SupportSentPayload } from './dto/request.dto';
import { AcceptQuery, ApproveBody, CountersQuery, PaidIdQuery, RequestFilterQuery, RequestIdQuery, RequestLookupQuery, ReviewBody, SupportBody, VideoQuery } from './dto/request-inputs.dto';
import { RequestCoreService } from './request-core.service';
import { RequestVideos } from './request-videos.service';
import { ShareLinks } from './share-links';

const { Fan, Athlete, Business, Admin } = UserType;
const REQUESTERS: RoleCode[] = [Fan, Business];
const PARTIES: RoleCode[] = [Fan, Athlete, Business];
const READERS: RoleCode[] = [Fan, Athlete, Business, Admin];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The booking body's schema in the OpenAPI document, from the same zod schema the API validates with.
const BOOKING_BODY_SCHEMA = z.toJSONSchema(bookingPayloadSchema, { unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
delete BOOKING_BODY_SCHEMA.$schema;

/**
 * Booking (spec §7): a fan or business books (an unpaid draft until the card is held), the
 * parties read and act on their requests; every state change goes through RequestCoreService.
 */
@ApiTags('booking')
@Controller('booking')
export class BookingController {
  constructor(
    private readonly requests: BookingRequestsService,
    private readonly core: RequestCoreService,
    private readonly videos: RequestVideos,
    private readonly shares: ShareLinks,
  ) {}

  @Post('request')
  @Roles(...REQUESTERS)
  @RateLimit('booking')
  @ApiBody({ schema: BOOKING_BODY_SCHEMA, description: "The booking: the type and the type's own block; times in unix seconds." })
  @ApiOperation({
    summary: "Books one athlete's service: an unpaid draft, the requester's alone until the card is held (POST /payments/payment-sheet, then set-paid).",
    description: "1400 with field errors; 641 'Wrong request date' for a start in the past or under a minute ahead; 1404 for an unknown athlete.",
  })
  @ApiOkEnvelope(RequestPayload, 201)
  async create(@CurrentAccount() account: AuthenticatedAccount, @Body() body: unknown): Promise<RequestPayload> {
    const created = await this.requests.create(account.id, body);
    return { request: await this.requests.viewOf(created, account) };
  }

  @Get('request/filter')
  @Roles(...PARTIES)
  @ApiOperation({ summary: "The caller's requests of one tab: a requester's own paid requests, an athlete's incoming ones." })
  @ApiOkEnvelope(RequestListPayload)
  async filter(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestFilterQuery): Promise<RequestListPayload> {
    return this.requests.list(account, query.status ?? 'pending', query.page ?? 1, query.page_size ?? 20);
  }

  @Get('request/counters')
  @Roles(...PARTIES)
  @RateLimit('statistics')
  @ApiOperation({
    summary: "Counts of the caller's paid requests by status; for an athlete also the locker room (earnings, money, requests by type, the earnings chart) in the viewer's zone (tz).",
  })
  @ApiOkEnvelope(RequestCountersPayload)
  async counters(@CurrentAccount() account: AuthenticatedAccount, @Query() query: CountersQuery): Promise<RequestCountersPayload> {
    return { counters: await this.requests.counters(account, query.tz) };
  }

  @Get('request/paid')
  @Roles(...READERS)
  @ApiOperation({ summary: 'A paid request by its shareable id (/request/@{paid_id}); same access as by id.' })
  @ApiOkEnvelope(RequestPayload)
  async byPaidId(@CurrentAccount() account: AuthenticatedAccount, @Query() query: PaidIdQuery, @RequestOrigin() origin: string | null): Promise<RequestPayload> {
    return { request: await this.requests.viewByPaidId(query.paid_id, account, origin) };
  }

  @Get('request/video')
  @Roles(...READERS)
  @ApiOperation({
    summary: "The delivered video, as this viewer may see it: a redirect to the watermarked copy for the requester until the request is finished and reviewed, to the original otherwise.",
    description: 'The session cookie travels with a <video> request, so the player asks here at each load; the answer is never cached.',
  })
  @ApiResponse({ status: 302, description: 'Location: a signed media URL of the video, valid for MEDIA_SIGNED_URL_SECONDS.' })
  async video(@CurrentAccount() account: AuthenticatedAccount, @Query() query: VideoQuery, @Res() reply: FastifyReply): Promise<void> {
    const url = await this.videos.videoUrlFor(query.request_id, account);
    // A cached redirect would outlive the URL it points at.
    await reply.header('Cache-Control', 'no-store').redirect(`../../${url}`, HttpStatus.FOUND);
  }

  @Get('request')
  @Roles(...READERS)
  @ApiOperation({ summary: 'A request, for its requester, its athlete or an administrator; 1404 for anyone else, as for a missing one.' })
  @ApiOkEnvelope(RequestPayload)
  async byId(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestLookupQuery, @RequestOrigin() origin: string | null): Promise<RequestPayload> {
    return { request: await this.requests.view(query.id, account, origin) };
  }

  @Put('request/accept')
  @Roles(Athlete)
  @ApiOperation({
    summary:
      "The athlete accepts: the card is captured (a campaign's share is allocated); a timed request that overlaps one already accepted is refused (1409), naming it. An endorsement needs disclosure_acknowledged=true (1400 otherwise).",
  })
  @ApiOkEnvelope(RequestPayload)
  async accept(@CurrentAccount() account: AuthenticatedAccount, @Query() query: AcceptQuery): Promise<RequestPayload> {
    const acknowledged = query.disclosure_acknowledged === 'true' || query.disclosure_acknowledged === '1';
    const request = await this.core.apply(query.request_id, 'accept', account, { disclosureAcknowledged: acknowledged });
    return { request: await this.requests.viewOf(request, account) };
  }

  @Put('request/decline')
  @Roles(Athlete)
  @ApiOperation({ summary: 'The athlete declines: the card hold is released.' })
  @ApiOkEnvelope(RequestPayload)
  decline(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestIdQuery): Promise<RequestPayload> {
    return this.act(query.request_id, 'decline', account);
  }

  @Put('request/cancel')
  @Roles(...REQUESTERS)
  @ApiOperation({ summary: 'The requester cancels a pending request: the card hold is released.' })
  @ApiOkEnvelope(RequestPayload)
  cancel(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestIdQuery): Promise<RequestPayload> {
    return this.act(query.request_id, 'cancel', account);
  }

  @Put('request/approve')
  @Roles(...REQUESTERS)
  @UseInterceptors(StagedUploadsInterceptor([]))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: ApproveBody })
  @ApiOperation({ summary: 'The requester approves a delivered video, a held event or a completed video chat: the request is finished.' })
  @ApiOkEnvelope(RequestPayload)
  approve(
    @CurrentAccount() account: AuthenticatedAccount,
    @UploadedFormFields() fields: FormFields,
    @Body() body: unknown,
    @RequestOrigin() origin: string | null,
  ): Promise<RequestPayload> {
    return this.act(requestIdOf(fields, body), 'approve', account, origin);
  }

  @Put('request/flag')
  @Roles(...REQUESTERS)
  @ApiOperation({ summary: 'The requester flags a delivered shoutout as inappropriate (kept for the administrator).' })
  @ApiOkEnvelope(RequestPayload)
  flag(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestIdQuery): Promise<RequestPayload> {
    return this.act(query.request_id, 'flag', account);
  }

  @Put('reviews')
  @Roles(...REQUESTERS)
  @ApiOperation({ summary: "The requester's rating (1-5) of a finished request, once; it shows on the athlete's profile at once." })
  @ApiOkEnvelope(RequestPayload)
  async review(@CurrentAccount() account: AuthenticatedAccount, @Body() body: ReviewBody, @RequestOrigin() origin: string | null): Promise<RequestPayload> {
    const request = await this.requests.review(body.request_id, account, body.rate);
    return { request: await this.requests.viewOf(request, account, origin) };
  }

  @Post('request/support')
  @Roles(...PARTIES)
  @RateLimit('supportMessage')
  @ApiOperation({ summary: 'Contact customer support about a request: emailed to SUPPORT_EMAIL.' })
  @ApiOkEnvelope(SupportSentPayload, 201)
  async support(@CurrentAccount() account: AuthenticatedAccount, @Body() body: SupportBody): Promise<SupportSentPayload> {
    await this.requests.contactSupport(body.request_id, account, body.message);
    return { sent: true };
  }

  @Delete('request/share')
  @Roles(...REQUESTERS)
  @ApiOperation({ summary: "The requester revokes the shoutout's watch link: the page closes for everyone who has it." })
  @ApiOkEnvelope(SharePayload)
  async revokeShare(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestIdQuery): Promise<SharePayload> {
    await this.shares.revoke(query.request_id, account);
    return { share_url: null };
  }

  @Post('request/share')
  @Roles(...REQUESTERS)
  @ApiOperation({ summary: 'The requester makes a new watch link for a finished shoutout (the live one when there is one).' })
  @ApiOkEnvelope(SharePayload, 201)
  async renewShare(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestIdQuery, @RequestOrigin() origin: string | null): Promise<SharePayload> {
    return { share_url: await this.shares.renew(query.request_id, account, origin) };
  }

  private async act(requestId: string, action: RequestAction, account: AuthenticatedAccount, origin: string | null = null): Promise<RequestPayload> {
    const request = await this.core.apply(requestId, action, account);
    return { request: await this.requests.viewOf(request, account, origin) };
  }
}

/** The request id of a form (multipart, url-encoded) or JSON body. */
function requestIdOf(fields: FormFields, body: unknown): string {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).request_id : undefined;
  const id = fields.request_id ?? fromBody;
  if (typeof id !== 'string' || !UUID.test(id)) throw BookingErrors.invalid({ request_id: 'Request not found' });
  return id;
}
