import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserType } from '@huddle/domain';
import { ADMIN_MESSAGES } from '@huddle/domain/admin';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { StagedUploadsInterceptor, UploadedStagedFiles, VIDEO_FIELD } from '../media/media.module';
import type { StagedUpload } from '../media/media.module';
import { UploadIntroBody, UploadIntroPayload } from '../media/dto/upload-intro.dto';
import { UploadPhotoBody, UploadPhotoPayload } from '../media/dto/upload-photo.dto';
import { AdminUsersService } from './admin-users.service';
import {
  AdminAddUserInput,
  AdminAthleteIdQuery,
  AdminBlockUserInput,
  AdminMessagePayload,
  AdminUpdateUserInput,
  AdminUserIdInput,
  AdminUserIdQuery,
  AdminUserMessagePayload,
  AdminUserPayload,
  AdminUserRowMessagePayload,
  AdminUsersPayload,
  AdminUsersQuery,
} from './dto/admin-users.dto';

// The field names of the user's own upload routes (media's IMAGE_FIELDS), so the forms are the same.
const PHOTO = 'photo';
const SECOND_PHOTO = 'second_photo';
type PhotoFiles = Partial<Record<typeof PHOTO | typeof SECOND_PHOTO, StagedUpload[]>>;
type VideoFiles = Partial<Record<typeof VIDEO_FIELD, StagedUpload[]>>;

/** The console's user management (/manage/users, /manage/user/{id}): administrators only, every change audited. */
@ApiTags('admin')
@Controller()
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get(['admin/user/search', 'admin/user/list-by-type'])
  @Roles(UserType.Admin)
  @ApiOperation({ summary: "Live accounts by name, email, username or id, role and completeness, newest first; a page_size given becomes the administrator's setting." })
  @ApiOkEnvelope(AdminUsersPayload)
  async list(@CurrentAccount() admin: AuthenticatedAccount, @Query() query: AdminUsersQuery): Promise<AdminUsersPayload> {
    return this.users.list(admin.id, query);
  }

  @Get('admin/user')
  @Roles(UserType.Admin)
  @ApiOperation({ summary: "The whole account. 1404 'Nothing found' for an unknown, malformed or deleted id." })
  @ApiOkEnvelope(AdminUserPayload)
  async show(@Query() query: AdminUserIdQuery): Promise<AdminUserPayload> {
    return { user: await this.users.view(query.user_id) };
  }

  @Post('admin/user/add')
  @Roles(UserType.Admin)
  @RateLimit('adminOutreach')
  @ApiOperation({ summary: 'Adds an incomplete account without a password and emails its owner a single-use 72-hour link to set one. 208 for a taken email.' })
  @ApiOkEnvelope(AdminUserRowMessagePayload, 201)
  async add(@CurrentAccount() admin: AuthenticatedAccount, @Body() body: AdminAddUserInput): Promise<AdminUserRowMessagePayload> {
    return { user: await this.users.add(admin.id, body), message: ADMIN_MESSAGES.userCreated };
  }

  @Post('admin/user/update')
  @HttpCode(HttpStatus.OK)
  @Roles(UserType.Admin)
  @ApiOperation({ summary: "Edits a user's profile, an athlete's services, school and sports, with the rules of the user's own settings; completeness is recomputed." })
  @ApiOkEnvelope(AdminUserMessagePayload)
  async update(@CurrentAccount() admin: AuthenticatedAccount, @Body() body: AdminUpdateUserInput): Promise<AdminUserMessagePayload> {
    return { user: await this.users.update(admin.id, body), message: ADMIN_MESSAGES.userUpdated };
  }

  @Post('admin/user/upload-photo')
  @Roles(UserType.Admin)
  @RateLimit('upload')
  @UseInterceptors(StagedUploadsInterceptor([{ name: PHOTO, maxCount: 1 }, { name: SECOND_PHOTO, maxCount: 1 }]))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadPhotoBody })
  @ApiOperation({ summary: "Stores an athlete's profile (and dashboard) photo as their own upload does; save the path with /admin/user/update." })
  @ApiOkEnvelope(UploadPhotoPayload, 201)
  async uploadPhoto(@CurrentAccount() admin: AuthenticatedAccount, @Query() query: AdminAthleteIdQuery, @UploadedStagedFiles() files: PhotoFiles): Promise<UploadPhotoPayload> {
    return this.users.uploadPhoto(admin.id, query.athlete_id, files.photo?.[0], files.second_photo?.[0]);
  }

  @Post('admin/user/upload-intro')
  @Roles(UserType.Admin)
  @RateLimit('upload')
  @UseInterceptors(StagedUploadsInterceptor([{ name: VIDEO_FIELD, maxCount: 1 }]))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadIntroBody })
  @ApiOperation({ summary: "Stores an athlete's intro video as their own upload does; save the path with /admin/user/update." })
  @ApiOkEnvelope(UploadIntroPayload, 201)
  async uploadIntro(@CurrentAccount() admin: AuthenticatedAccount, @Query() query: AdminAthleteIdQuery, @UploadedStagedFiles() files: VideoFiles): Promise<UploadIntroPayload> {
    return this.users.uploadIntro(admin.id, query.athlete_id, files.video?.[0]);
  }

  @Post('admin/user/block')
  @HttpCode(HttpStatus.OK)
  @Roles(UserType.Admin)
  @ApiOperation({ summary: 'Blocks (signed out everywhere at once, hidden, pending requests canceled with holds released) or unblocks an account. 1403 for oneself.' })
  @ApiOkEnvelope(AdminUserRowMessagePayload)
  async block(@CurrentAccount() admin: AuthenticatedAccount, @Body() body: AdminBlockUserInput): Promise<AdminUserRowMessagePayload> {
    const user = await this.users.block(admin.id, body.user_id, body.blocked);
    return { user, message: body.blocked ? ADMIN_MESSAGES.userLocked : ADMIN_MESSAGES.userUnlocked };
  }

  @Post('mt/sync_by_id')
  @HttpCode(HttpStatus.OK)
  @Roles(UserType.Admin)
  @ApiOperation({ summary: "Recomputes an account's completeness and listing and clears the search caches of every API process." })
  @ApiOkEnvelope(AdminUserRowMessagePayload)
  async sync(@CurrentAccount() admin: AuthenticatedAccount, @Body() body: AdminUserIdInput): Promise<AdminUserRowMessagePayload> {
    return { user: await this.users.sync(admin.id, body.user_id), message: ADMIN_MESSAGES.userSynced };
  }

  @Post('admin/user/delete')
  @HttpCode(HttpStatus.OK)
  @Roles(UserType.Admin)
  @ApiOperation({ summary: "Deletes an account exactly as its owner's own deletion does. 1403 for oneself." })
  @ApiOkEnvelope(AdminMessagePayload)
  async remove(@CurrentAccount() admin: AuthenticatedAccount, @Body() body: AdminUserIdInput): Promise<AdminMessagePayload> {
    await this.users.remove(admin.id, body.user_id);
    return { message: ADMIN_MESSAGES.userRemoved };
  }
}
