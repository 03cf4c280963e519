import send from '@fastify/send';
import { Controller, Get, HttpStatus, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/access/access.decorators';
import { SignedMediaQuery } from './dto/signed-media.dto';
import { MediaErrors } from './media.errors';
import { MEDIA_ROUTE } from './media-path';
import { MediaService } from './media.service';

const BINARY = { schema: { type: 'string', format: 'binary' } } as const;
const MEDIA_CONTENT = { 'image/jpeg': BINARY, 'image/png': BINARY, 'image/webp': BINARY, 'video/mp4': BINARY, 'video/quicktime': BINARY };
// Keys are never reused, so a browser or CDN may keep a copy for good.
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
// A redirect to a URL that expires must not be replayed from a cache.
const NO_STORE = 'no-store';

@ApiTags('media')
@Controller(MEDIA_ROUTE)
export class MediaController {
  constructor(private readonly media: MediaService) {}

  // Fastify's wildcard: the rest of the path after /media/ arrives as the parameter '*', read from
  // the request so that the OpenAPI document names it only once, as {path}.
  @Get('*')
  @Public()
  @ApiOperation({
    summary: 'A stored photo or video.',
    description:
      'From local disk: the bytes, with ETag, Last-Modified and byte ranges (Accept-Ranges, 206) so video players can seek. From S3: a 302 redirect to the public or presigned URL. ' +
      'Every stored photo images/<id>.jpg (or .png) also has WebP copies for the screen: images/<id>.webp (the same size) and images/<id>-w160.webp (160 px wide; the same-size copy for a photo no wider). ' +
      'A copy not made yet (photos stored before copies existed) is made on the first request. ' +
      'Delivered request videos and their watermarked copies answer only a signed URL (expires and signature, handed out by the request, watch and profile video routes as a redirect), ' +
      "for MEDIA_SIGNED_URL_SECONDS, kept by the browser alone; at their bare path they answer 1404, and an altered or expired signature answers 1403.",
  })
  @ApiParam({ name: 'path', type: String, description: 'The part of the media path after /media/, e.g. images/<id>.jpg.', example: 'images/0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10.jpg' })
  @ApiResponse({ status: 200, description: 'The whole file.', content: MEDIA_CONTENT })
  @ApiResponse({ status: 206, description: 'The byte range asked for with Range.', content: MEDIA_CONTENT })
  @ApiResponse({ status: 302, description: 'Stored in S3: the Location header is where the file is.' })
  async serve(@Req() request: FastifyRequest<{ Params: { '*': string } }>, @Query() query: SignedMediaQuery, @Res() reply: FastifyReply): Promise<void> {
    const { delivery, contentType, privateForSeconds } = await this.media.deliver(request.params['*'], query);
    if (delivery.kind === 'redirect') {
      if (privateForSeconds !== null) reply.header('Cache-Control', NO_STORE);
      await reply.redirect(delivery.url, HttpStatus.FOUND);
      return;
    }
    // send answers Range, If-Range, If-None-Match, If-Modified-Since and HEAD itself.
    // dotfiles 'allow': send refuses any dot-segment in the absolute path by default, and the
    // default data directory is `.data`. Only keys recorded in media_objects reach this point,
    // and the disk storage keeps every path inside its root.
    const sent = await send(request.raw, delivery.path, { acceptRanges: true, etag: true, lastModified: true, cacheControl: false, dotfiles: 'allow' });
    if (sent.type === 'error') {
      sent.stream.destroy();
      if (sent.statusCode === HttpStatus.NOT_FOUND) throw MediaErrors.notFound();
      throw sent.metadata.error;
    }
    await reply
      .code(sent.statusCode)
      .headers({
        ...sent.headers,
        // Only photos and videos are stored (their recorded type, checked at upload), shown by the app's pages.
        'Content-Type': contentType,
        'Content-Disposition': 'inline',
        'X-Content-Type-Options': 'nosniff',
        // A signed URL is good until it expires, and only for whoever was handed it: no shared cache.
        'Cache-Control': privateForSeconds === null ? CACHE_FOREVER : `private, max-age=${privateForSeconds}`,
      })
      .send(sent.stream);
  }
}
