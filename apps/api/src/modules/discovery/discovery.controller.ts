import { Controller, Get, HttpStatus, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { UserType } from '@huddle/domain';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { Public, Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { DiscoveryService } from './discovery.service';
import { AthletePublicPayload, SHOUTOUT_VIDEO_ROUTE, ShoutoutVideoQuery } from './dto/athlete-public.dto';
import { AthleteLookupQuery, AthleteSearchPayload, AthleteSearchQuery, RecentAthletesPayload, RecentAthletesQuery } from './dto/athlete-search.dto';

@ApiTags('athletes')
@Controller()
export class DiscoveryController {
  constructor(private readonly discovery: DiscoveryService) {}

  @Get('public/athletes/search')
  @Public()
  @RateLimit('search')
  @ApiOperation({ summary: 'Search listed athletes by name, sport or school; newest first without a filter.' })
  @ApiOkEnvelope(AthleteSearchPayload)
  search(@Query() query: AthleteSearchQuery): Promise<AthleteSearchPayload> {
    return this.discovery.search(query, false);
  }

  @Get('public/athletes/endorsement/search')
  @Public()
  @RateLimit('search')
  @ApiOperation({ summary: 'The same search, limited to athletes who offer endorsements (the campaign picker).' })
  @ApiOkEnvelope(AthleteSearchPayload)
  searchEndorsement(@Query() query: AthleteSearchQuery): Promise<AthleteSearchPayload> {
    return this.discovery.search(query, true);
  }

  @Get('booking/athletes/recent')
  @Roles(UserType.Fan, UserType.Business)
  @ApiOperation({ summary: 'Athletes the caller booked most recently, then the newest athletes.' })
  @ApiOkEnvelope(RecentAthletesPayload)
  async recent(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RecentAthletesQuery): Promise<RecentAthletesPayload> {
    return { athletes: await this.discovery.recent(account.id, query.limit) };
  }

  @Get('public/athletes')
  @Public()
  @ApiOperation({ summary: "An athlete's public profile by athlete_id or username, with reviews, shoutouts and history; 1404 'Athlete not found'." })
  @ApiOkEnvelope(AthletePublicPayload)
  profile(@Query() query: AthleteLookupQuery): Promise<AthletePublicPayload> {
    return this.discovery.profile(query);
  }

  @Get(SHOUTOUT_VIDEO_ROUTE)
  @Public()
  @ApiOperation({
    summary: "A shoutout on an athlete's public profile: a redirect to its watermarked copy, never the original; 1404 for anything not on a profile.",
    description: 'The player asks here at each load; the answer is never cached.',
  })
  @ApiResponse({ status: 302, description: 'Location: a signed media URL of the watermarked video, valid for MEDIA_SIGNED_URL_SECONDS.' })
  async shoutoutVideo(@Query() query: ShoutoutVideoQuery, @Res() reply: FastifyReply): Promise<void> {
    const url = await this.discovery.shoutoutVideo(query.id);
    // Relative to this route (three segments under the API root); a cached redirect would outlive its URL.
    await reply.header('Cache-Control', 'no-store').redirect(`../../${url}`, HttpStatus.FOUND);
  }
}
