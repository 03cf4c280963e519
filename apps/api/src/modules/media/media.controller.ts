import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/decorators/access.decorators';
import { MediaErrors } from './media.errors';
import { MEDIA_ROUTE } from './media-path';
import { MediaService } from './media.service';

const BINARY = { schema: { type: 'string', format: 'binary' } } as const;
const MEDIA_CONTENT = { 'image/jpeg': BINARY, 'image/png': BINARY, 'video/mp4': BINARY, 'video/quicktime': BINARY };
// Keys are never reused, so a browser or CDN may keep a copy for good.
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

function isMissingFile(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || (error as { status?: number }).status === 404;
}

@ApiTags('media')
@Controller(MEDIA_ROUTE)
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get('*key')
  @Public()
  @ApiOperation({
    summary: 'A stored photo or video.',
    description:
      'From local disk: the bytes, with ETag, Last-Modified and byte ranges (Accept-Ranges, 206) so video players can seek. From S3: a 302 redirect to the public or presigned URL.',
  })
  @ApiParam({ name: 'key', type: String, description: 'The part of the media path after /media/, e.g. images/<id>.jpg.', example: 'images/0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10.jpg' })
  @ApiResponse({ status: 200, description: 'The whole file.', content: MEDIA_CONTENT })
  @ApiResponse({ status: 206, description: 'The byte range asked for with Range.', content: MEDIA_CONTENT })
  @ApiResponse({ status: 302, description: 'Stored in S3: the Location header is where the file is.' })
  async serve(@Param('key') key: string | string[], @Res() response: Response): Promise<void> {
    // Express 5 hands a named wildcard over as its path segments.
    const { delivery, contentType } = await this.media.deliver(Array.isArray(key) ? key.join('/') : key);
    if (delivery.kind === 'redirect') {
      response.redirect(302, delivery.url);
      return;
    }
    response.setHeader('Content-Type', contentType);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    await new Promise<void>((resolve, reject) => {
      // send (behind sendFile) answers Range, If-Range, If-None-Match and HEAD itself.
      // dotfiles 'allow': send refuses any dot-segment in the absolute path by default, and the
      // default data directory is `.data`. Only keys recorded in media_objects reach this point,
      // and the disk storage keeps every path inside its root.
      const options = { acceptRanges: true, etag: true, lastModified: true, cacheControl: false, dotfiles: 'allow' as const, headers: { 'Cache-Control': CACHE_FOREVER } };
      response.sendFile(delivery.path, options, (error?: Error) => {
        // Once bytes are on their way (a client that went away mid-video), there is nothing to answer.
        if (!error || response.headersSent) resolve();
        else reject(isMissingFile(error) ? MediaErrors.notFound() : error);
      });
    });
  }
}
