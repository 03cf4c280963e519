import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { UserType } from '@huddle/domain';
import { Public, Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { RequestOrigin } from '../../config/request-origin.decorator';
import { Transactions } from '../../database/transactions';
import { calendarEventsOf } from './athlete-calendar.query';
import { CalendarFeeds } from './calendar-feeds';
import { CalendarErrors } from './calendar.errors';
import { CALENDAR_MAX_DAYS, CalendarFeedPayload, CalendarPayload, CalendarRangeQuery } from './dto/calendar.dto';

const DAY = 86400;

/**
 * The athlete's calendar (issue 23): their accepted, under way and finished timed events for the
 * month and week views, and the private iCal feed calendar apps subscribe to.
 */
@ApiTags('booking')
@Controller('athlete/calendar')
export class AthleteCalendarController {
  constructor(
    private readonly transactions: Transactions,
    private readonly feeds: CalendarFeeds,
  ) {}

  @Get()
  @Roles(UserType.Athlete)
  @ApiOperation({
    summary: "The athlete's own timed events (accepted, in progress, finished) overlapping [from, to), by start.",
    description: `1400 when to is not after from or the range is longer than ${CALENDAR_MAX_DAYS} days.`,
  })
  @ApiOkEnvelope(CalendarPayload)
  async events(@CurrentAccount() account: AuthenticatedAccount, @Query() query: CalendarRangeQuery): Promise<CalendarPayload> {
    if (query.to <= query.from) throw CalendarErrors.invalidRange('The end of the range must be after its start');
    if (query.to - query.from > CALENDAR_MAX_DAYS * DAY) throw CalendarErrors.invalidRange(`Choose a range of at most ${CALENDAR_MAX_DAYS} days`);
    const events = await calendarEventsOf(this.transactions.manager, account.id, { from: new Date(query.from * 1000), to: new Date(query.to * 1000) });
    return {
      events: events.map((event) => ({
        id: event.id,
        type: event.type,
        status: event.status,
        name: event.name,
        start_time: Math.floor(event.start.getTime() / 1000),
        end_time: Math.floor(event.end.getTime() / 1000),
        address: event.address,
        requester_name: event.requesterName,
      })),
    };
  }

  @Get('feed')
  @Roles(UserType.Athlete)
  @ApiOperation({ summary: "The athlete's private iCal feed URL, made on the first ask; the same URL until regenerated." })
  @ApiOkEnvelope(CalendarFeedPayload)
  async feed(@CurrentAccount() account: AuthenticatedAccount, @RequestOrigin() origin: string | null): Promise<CalendarFeedPayload> {
    return { url: await this.transactions.run(() => this.feeds.urlFor(account.id, origin)) };
  }

  @Post('feed/regenerate')
  @HttpCode(HttpStatus.OK)
  @Roles(UserType.Athlete)
  @ApiOperation({ summary: 'A new secret for the feed: the old URL answers 404 from now on.' })
  @ApiOkEnvelope(CalendarFeedPayload)
  async regenerate(@CurrentAccount() account: AuthenticatedAccount, @RequestOrigin() origin: string | null): Promise<CalendarFeedPayload> {
    return { url: await this.transactions.run(() => this.feeds.regenerate(account.id, origin)) };
  }
}

/** The feed itself: public, the secret in the URL is the only key; unknown, old and malformed tokens answer 404 alike. */
@ApiTags('booking')
@Controller('public/calendar')
export class CalendarFeedController {
  constructor(private readonly feeds: CalendarFeeds) {}

  @Get(':file')
  @Public()
  @ApiOperation({ summary: "An athlete's private iCal feed ({token}.ics): their timed events, times in UTC; 1404 for an unknown or regenerated token." })
  @ApiProduces('text/calendar')
  @ApiResponse({ status: 200, description: 'text/calendar (RFC 5545).' })
  async ics(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
    const text = await this.feeds.feedOf(token);
    if (text === null) throw CalendarErrors.feedNotFound();
    await reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Cache-Control', 'private, max-age=300')
      // A calendar app subscribes to it whatever this says; a browser that opens it downloads it, never renders it.
      .header('Content-Disposition', 'attachment; filename="huddle.ics"')
      .send(text);
  }
}
