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
  @ApiOperation({ summary: "The watch link's video: a redirect to the watermarked copy, never the original." })
  @ApiResponse({ status: 302, description: 'Location: the media path of the watermarked video.' })
  async video(@Query() query: WatchTokenQuery, @Res() reply: FastifyReply): Promise<void> {
    const path = await this.shares.videoPath(query.token);
    await reply.redirect(`../../${path.replace(/^\/+/, '')}`, HttpStatus.FOUND);
  }
}
