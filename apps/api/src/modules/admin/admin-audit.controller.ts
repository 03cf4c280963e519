import { Controller, Get, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { LIMITS, UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { auditPage } from './admin-audit.query';
import { AdminAuditPayload, AdminAuditQuery } from './dto/admin-audit.dto';

function nameOf(row: { first_name: string | null; last_name: string | null; email: string }): string {
  return [row.first_name, row.last_name].filter((part) => part).join(' ') || row.email;
}

/** The administrators' audit trail as the console lists it (the user's and the request's pages filter it by subject). */
@ApiTags('admin')
@Controller('admin/audit')
export class AdminAuditController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  @Roles(UserType.Admin)
  @ApiOperation({ summary: 'What administrators did, newest first, with who did it; filters by administrator, subject and action.' })
  @ApiOkEnvelope(AdminAuditPayload)
  async list(@Query() query: AdminAuditQuery): Promise<AdminAuditPayload> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? LIMITS.pageSize.default;
    const { rows, total } = await auditPage(
      this.dataSource.manager,
      { adminId: query.admin_id, subjectType: query.subject_type, subjectId: query.subject_id, action: query.action },
      pageSize,
      (page - 1) * pageSize,
    );
    return {
      entries: rows.map((row) => ({
        id: row.id,
        admin_id: row.admin_id,
        admin_name: nameOf(row),
        action: row.action,
        subject_type: row.subject_type,
        subject_id: row.subject_id,
        before: row.before,
        after: row.after,
        created_at: row.created_at.toISOString(),
      })),
      total,
      page,
      page_size: pageSize,
    };
  }
}
