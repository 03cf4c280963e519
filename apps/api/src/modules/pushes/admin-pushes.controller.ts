import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LIMITS, UserType } from '@huddle/domain';
import { ADMIN_MESSAGES } from '@huddle/domain/admin';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { CustomPushesService } from './custom-pushes.service';
import {
  CustomPushChangedPayload,
  CustomPushDeletedPayload,
  CustomPushIdQuery,
  CustomPushInput,
  CustomPushListPayload,
  CustomPushPayload,
  CustomPushSearchQuery,
  CustomPushSendInput,
} from './dto/custom-push.dto';

/** The administrator's custom pushes (/manage/pushes; spec §7: POST, PUT, DELETE ?id, GET /search?request, POST /send). */
@ApiTags('admin')
@Controller('admin/custom-push')
export class AdminPushesController {
  constructor(private readonly pushes: CustomPushesService) {}

  @Get('search')
  @Roles(UserType.Admin)
  @ApiOperation({ summary: 'Pushes whose name or subject holds `request`, newest first, 20 a page.' })
  @ApiOkEnvelope(CustomPushListPayload)
  async search(@Query() query: CustomPushSearchQuery): Promise<CustomPushListPayload> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? LIMITS.pageSize.default;
    const { pushes, total } = await this.pushes.search(query.request || undefined, page, pageSize);
    return { pushes, total, page, page_size: pageSize };
  }

  @Get()
  @Roles(UserType.Admin)
  @ApiOperation({ summary: 'One push with its sending progress (recipients_done of recipients_total); 1404 for an unknown id.' })
  @ApiOkEnvelope(CustomPushPayload)
  async show(@Query() query: CustomPushIdQuery): Promise<CustomPushPayload> {
    return { push: await this.pushes.get(query.id) };
  }

  @Post()
  @Roles(UserType.Admin)
  @ApiBody({ type: CustomPushInput })
  @ApiOperation({ summary: "A draft push. 1400 with field errors: name, subject, message ('This field is required'), destination, destination.roles, destination.user_ids." })
  @ApiOkEnvelope(CustomPushChangedPayload, 201)
  async create(@CurrentAccount() account: AuthenticatedAccount, @Body() body: unknown): Promise<CustomPushChangedPayload> {
    return { push: await this.pushes.create(account.id, body), message: ADMIN_MESSAGES.pushCreated };
  }

  @Put()
  @Roles(UserType.Admin)
  @ApiBody({ type: CustomPushInput })
  @ApiOperation({ summary: 'Changes a draft (the same checks as creating); 1409 once it was sent.' })
  @ApiOkEnvelope(CustomPushChangedPayload)
  async update(@CurrentAccount() account: AuthenticatedAccount, @Query() query: CustomPushIdQuery, @Body() body: unknown): Promise<CustomPushChangedPayload> {
    return { push: await this.pushes.update(account.id, query.id, body), message: ADMIN_MESSAGES.pushUpdated };
  }

  @Delete()
  @Roles(UserType.Admin)
  @ApiOperation({ summary: 'Deletes a draft or a sent push (its notifications stay); 1409 while it is being sent.' })
  @ApiOkEnvelope(CustomPushDeletedPayload)
  async remove(@CurrentAccount() account: AuthenticatedAccount, @Query() query: CustomPushIdQuery): Promise<CustomPushDeletedPayload> {
    await this.pushes.remove(account.id, query.id);
    return { message: ADMIN_MESSAGES.pushDeleted };
  }

  @Post('send')
  @HttpCode(200)
  @Roles(UserType.Admin)
  @RateLimit('adminOutreach')
  @ApiOperation({ summary: 'Sends a draft once: its job notifies every recipient in batches (progress in the push). A push already sending or sent is answered as it is.' })
  @ApiOkEnvelope(CustomPushChangedPayload)
  async send(@CurrentAccount() account: AuthenticatedAccount, @Body() body: CustomPushSendInput): Promise<CustomPushChangedPayload> {
    return { push: await this.pushes.send(account.id, body.id), message: ADMIN_MESSAGES.pushesSent };
  }
}
