import { Controller, Get, HttpStatus, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/access/access.decorators';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { WatchPayload } from './dto/request.dto';
import { WatchTokenQuery } from './dto/watch-inputs.dto';
import { ShareLinks } from './share-links';

/**
 * A shoutout's public watch page (issue 10): whoever holds the link sees the athlete's name and
 * the watermarked video, nothing of the request; unknown and revoked links answer alike.
 */
@ApiTags('booking')
@Controller('public/watch')
export class WatchController {
  constructor(private readonly shares: ShareLinks) {}

  @Get()
  @Public()
  @ApiOperation({ summary: "A watch link's page: the athlete and the video; 1404 'This video is no longer available' for an unknown or revoked link." })
  @ApiOkEnvelope(WatchPayload)
  watch(@Query() query: WatchTokenQuery): Promise<WatchPayload> {
    return this.shares.watch(query.token);
  }

  @Get('video')
  @Public()
  @ApiOperation({
    summary: "The watch link's video: a redirect to the watermarked copy, never the original; 1404 once the link is revoked.",
    description: 'The player asks here at each load; the answer is never cached.',
  })
  @ApiResponse({ status: 302, description: 'Location: a signed media URL of the watermarked video, valid for MEDIA_SIGNED_URL_SECONDS.' })
  async video(@Query() query: WatchTokenQuery, @Res() reply: FastifyReply): Promise<void> {
    const url = await this.shares.videoUrl(query.token);
    // A cached redirect would outlive the URL it points at, and the link's revocation with it.
    await reply.header('Cache-Control', 'no-store').redirect(`../../${url}`, HttpStatus.FOUND);
  }
}
