import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isAthleteProfileComplete, LIMITS, roleCodeOf, UserType } from '@huddle/domain';
import { isManagedInConsole } from '@huddle/domain/admin';
import { DomainError } from '../../common/errors/domain-error';
import { isUuid } from '../../common/validation/uuid';
import { Transactions } from '../../database/transactions';
import { ACCOUNT_CREATED } from '../accounts/account-events';
import type { AccountCreatedEvent } from '../accounts/account-events';
import { AccountProfileService } from '../accounts/account-profile.service';
import { AccountsService } from '../accounts/accounts.service';
import type { Account } from '../accounts/accounts.service';
import type { UpdateAccountDto } from '../accounts/dto/update-account.dto';
import { AthletesService } from '../athletes/athletes.service';
import type { AthleteInfoChanges } from '../athletes/athletes.service';
import { AdminAudit } from '../audit/admin-audit.service';
import { PasswordSetupService } from '../auth/password-setup.service';
import { SessionsService } from '../auth/sessions.service';
import { RequestCoreService } from '../booking/request-core.service';
import { JobsService } from '../jobs/jobs.service';
import { MediaService } from '../media/media.service';
import type { StagedUpload } from '../media/media.module';
import { NotificationsService } from '../notifications/notifications.service';
import { AdminUsersErrors } from './admin-users.errors';
import { adminUserRow, adminUsersPage, pendingRequestIdsOf } from './admin-users.query';
import type { AdminUserRow } from './admin-users.query';
import { storedUsersPageSize, storeUsersPageSize } from './admin-users-settings';
import type { AdminAddUserInput, AdminUpdateUserInput, AdminUserDto, AdminUserRowDto, AdminUsersPayload, AdminUsersQuery } from './dto/admin-users.dto';

function rowDto(row: AdminUserRow): AdminUserRowDto {
  return {
    id: row.id,
    user_type: row.user_type,
    role: roleCodeOf({ user_type: row.user_type, profile_completed: row.profile_completed }, false),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    username: row.username,
    profile_photo: row.profile_photo,
    blocked: row.blocked,
    profile_completed: row.profile_completed,
    created_at: row.created_at.toISOString(),
  };
}

/** The fields of the console's view that an audit row compares (never a secret: the view has none). */
type Snapshot = Record<string, unknown>;

/** Only what changed, before and after: what an auditor reads. */
function difference(before: Snapshot, after: Snapshot): { before: Snapshot; after: Snapshot } {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return { before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])), after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])) };
}

function snapshotOf(user: AdminUserDto): Snapshot {
  const { athlete_info: athlete, business_info: business, fan_info: _fan, created_at: _created, deleted: _deleted, ...fields } = user;
  return {
    ...fields,
    ...(athlete && { school_id: athlete.school_id, sports: athlete.sports, athlete_services: athlete.athlete_services }),
    ...(business && { business_info: business }),
  };
}

const ADMIN_ACTOR = (adminId: string) => ({ id: adminId, role: UserType.Admin }) as const;

/** Why a block canceled a request: its history's note and its audit entry's reason. */
const BLOCK_CANCEL_NOTE = 'The account was blocked';

/**
 * The administrator's user management (issue 22). It owns no product data: accounts change
 * through AccountsService and AccountProfileService (the same checks and messages as the user's
 * own settings), athletes' details through AthletesService, sessions and deletion through auth,
 * requests through the request core, uploads through the media module. Each action writes its
 * audit row in its own transaction, the one of the change. An administrator's account is never
 * changed here (isManagedInConsole): refused before anything is written or audited.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly transactions: Transactions,
    private readonly accounts: AccountsService,
    private readonly profiles: AccountProfileService,
    private readonly athletes: AthletesService,
    private readonly sessions: SessionsService,
    private readonly passwordSetup: PasswordSetupService,
    private readonly notifications: NotificationsService,
    private readonly core: RequestCoreService,
    private readonly media: MediaService,
    private readonly jobs: JobsService,
    private readonly audit: AdminAudit,
  ) {}

  /** The list; a page size given becomes the administrator's stored setting, used when none is given. */
  async list(adminId: string, query: AdminUsersQuery): Promise<AdminUsersPayload> {
    const manager = this.transactions.manager;
    let pageSize = query.page_size;
    if (pageSize === undefined) pageSize = (await storedUsersPageSize(manager, adminId)) ?? LIMITS.pageSize.adminUsers;
    else await storeUsersPageSize(manager, adminId, pageSize);
    const page = query.page ?? 1;
    const completed = query.profile_completed === undefined || query.profile_completed === 2 ? null : query.profile_completed === 1;
    const { rows, total } = await adminUsersPage(manager, { text: query.request ?? '', userType: query.user_type ?? null, completed }, pageSize, (page - 1) * pageSize);
    return { users: rows.map(rowDto), total, page, page_size: pageSize };
  }

  async view(userId: string): Promise<AdminUserDto> {
    return { ...(await this.profiles.view(await this.account(userId))), deleted: false };
  }

  async row(userId: string): Promise<AdminUserRowDto> {
    const row = await adminUserRow(this.transactions.manager, userId);
    if (!row) throw AdminUsersErrors.userNotFound();
    return rowDto(row);
  }

  /**
   * A new incomplete account without a password; its owner gets a single-use link to choose one,
   * queued as an email job in the transaction that creates the account, with the audit row.
   */
  async add(adminId: string, input: AdminAddUserInput): Promise<AdminUserRowDto> {
    await this.accounts.assertEmailFree(input.email);
    const account = await this.accounts.createWithoutPassword({ userType: input.user_type, email: input.email }, async (manager, accountId) => {
      await this.jobs.publishIn<AccountCreatedEvent>(manager, ACCOUNT_CREATED, { accountId, userType: input.user_type });
      await this.passwordSetup.issueIn(manager, accountId, input.email);
      await this.audit.recordIn(manager, {
        adminId,
        action: 'user.add',
        subjectType: 'user',
        subjectId: accountId,
        before: null,
        after: { email: input.email, user_type: input.user_type, profile_completed: false },
      });
    });
    return this.row(account.id);
  }

  /**
   * The user's own settings' update (AccountProfileService.update: 208, 211, uploads checked, the
   * same messages), an athlete's services, school and sports (AthletesService.save), then the
   * completeness of spec §4 recomputed: all in one transaction with the audit row.
   */
  async update(adminId: string, input: AdminUpdateUserInput): Promise<AdminUserDto> {
    const account = await this.managedAccount(input.user_id);
    const isAthlete = account.userType === UserType.Athlete;
    if (!isAthlete) {
      for (const field of ['athlete_services', 'school_id', 'sports'] as const) {
        if (input[field] !== undefined) throw AdminUsersErrors.notAnAthlete(field);
      }
    }
    const before = await this.view(account.id);
    await this.transactions.run(async () => {
      const { user_id: _id, athlete_services: services, school_id: schoolId, sports, ...fields } = input;
      // Fields left out keep their stored value: the settings' update takes the whole form.
      const form = {
        ...fields,
        first_name: fields.first_name ?? account.firstName,
        last_name: fields.last_name ?? account.lastName,
        email: fields.email ?? account.email,
        phone: fields.phone ?? account.phone,
      } as UpdateAccountDto;
      await this.profiles.update(account.id, form);
      if (isAthlete && (services !== undefined || schoolId !== undefined || sports !== undefined)) {
        const changes: AthleteInfoChanges = {
          ...(services !== undefined && { services }),
          ...(schoolId !== undefined && { schoolId }),
          ...(sports !== undefined && { sports }),
        };
        // The services screen's rule: at least one service stays on when services are sent.
        await this.athletes.save(account.id, changes, { requireSurvey: false, requireService: services !== undefined, fieldPrefix: '', allowNoSports: true });
      }
      await this.recompute(account.id);
      const after = await this.view(account.id);
      await this.audit.recordIn(this.transactions.manager, { adminId, action: 'user.update', subjectType: 'user', subjectId: account.id, ...difference(snapshotOf(before), snapshotOf(after)) });
    });
    return this.view(account.id);
  }

  /**
   * An athlete's photos, stored by the media module exactly as the athlete's own upload. The
   * files go to storage before any transaction (they cannot be rolled back); the audit row commits
   * in the transaction of their media rows, the upload's database write, and a failure of either
   * removes the files: an upload is kept exactly when it is audited.
   */
  async uploadPhoto(adminId: string, athleteId: string, photo: StagedUpload | undefined, secondPhoto: StagedUpload | undefined) {
    await this.athleteOrDiscard(athleteId, 'photo', photo, secondPhoto);
    return this.media.storePhotos(athleteId, photo, secondPhoto, (manager, stored) =>
      this.recordUploadIn(manager, adminId, 'user.upload-photo', athleteId, { profile_photo: stored.path, ...(stored.second_path && { dashboard_photo: stored.second_path }) }),
    );
  }

  /** An athlete's intro video, stored and audited as uploadPhoto's photos. */
  async uploadIntro(adminId: string, athleteId: string, video: StagedUpload | undefined) {
    await this.athleteOrDiscard(athleteId, 'video', video);
    return this.media.storeIntro(athleteId, video, (manager, stored) => this.recordUploadIn(manager, adminId, 'user.upload-intro', athleteId, { intro_video: stored.path }));
  }

  /**
   * Blocking signs the account out everywhere at once (sessions revoked, its open streams told and
   * ended in every process at commit), leaves it out of search and public pages (the listing
   * predicate, caches cleared by the account's change event), and cancels its pending requests,
   * as athlete or requester, through the request core (holds released, the ledger's entries with
   * them); an unpaid campaign's are left to their draft (pendingRequestIdsOf). Unblocking gives
   * access back, nothing else. One transaction, with the audit row.
   */
  async block(adminId: string, userId: string, blocked: boolean): Promise<AdminUserRowDto> {
    if (userId === adminId) throw AdminUsersErrors.cannotBlockSelf();
    // Unblocking only gives access back: an administrator blocked before this rule can be let in again.
    const account = blocked ? await this.managedAccount(userId) : await this.account(userId);
    await this.transactions.run(async () => {
      const manager = this.transactions.manager;
      await this.accounts.setBlocked(account.id, blocked);
      const canceled: string[] = [];
      if (blocked) {
        await this.sessions.revokeAllForAccount(account.id);
        await this.notifications.endSessionsIn(manager, account.id);
        for (const requestId of await pendingRequestIdsOf(manager, account.id)) {
          await this.core.apply(requestId, 'admin_cancel', ADMIN_ACTOR(adminId), {
            note: BLOCK_CANCEL_NOTE,
            // Each canceled request's own audit trail says so too (the console's request page reads
            // the request's entries), as an administrator's cancel there would.
            after: (request, from, inTransaction) =>
              this.audit.recordIn(inTransaction, {
                adminId,
                action: 'request.cancel',
                subjectType: 'request',
                subjectId: request.id,
                before: { status: from },
                after: { status: request.status, reason: BLOCK_CANCEL_NOTE },
              }),
          });
          canceled.push(requestId);
        }
      }
      await this.audit.recordIn(manager, {
        adminId,
        action: blocked ? 'user.block' : 'user.unblock',
        subjectType: 'user',
        subjectId: account.id,
        before: { blocked: account.blocked },
        after: { blocked, ...(blocked && { canceled_requests: canceled }) },
      });
    });
    return this.row(account.id);
  }

  /** Recomputes what is derived from the account (completeness, so listing) and clears every process's search caches. */
  async sync(adminId: string, userId: string): Promise<AdminUserRowDto> {
    const account = await this.account(userId);
    await this.transactions.run(async () => {
      const after = await this.recompute(account.id, true);
      await this.audit.recordIn(this.transactions.manager, {
        adminId,
        action: 'user.sync',
        subjectType: 'user',
        subjectId: account.id,
        before: { profile_completed: account.profileCompleted },
        after: { profile_completed: after.profileCompleted },
      });
    });
    return this.row(account.id);
  }

  /** Exactly the person's own deletion (SessionsService.closeAccount), their open streams ended at once, audited. */
  async remove(adminId: string, userId: string): Promise<void> {
    if (userId === adminId) throw AdminUsersErrors.cannotRemoveSelf();
    const account = await this.managedAccount(userId);
    await this.transactions.run(async () => {
      const manager = this.transactions.manager;
      await this.sessions.closeAccount(account.id);
      await this.notifications.endSessionsIn(manager, account.id);
      await this.audit.recordIn(manager, {
        adminId,
        action: 'user.remove',
        subjectType: 'user',
        subjectId: account.id,
        before: { email: account.email, user_type: account.userType, deleted: false },
        after: { deleted: true },
      });
    });
  }

  /** A live account by id; anything else (malformed, unknown, deleted) is 'Nothing found'. */
  private async account(userId: string): Promise<Account> {
    if (!isUuid(userId)) throw AdminUsersErrors.userNotFound();
    try {
      return await this.accounts.getById(userId);
    } catch (error) {
      if (error instanceof DomainError) throw AdminUsersErrors.userNotFound();
      throw error;
    }
  }

  /** A live account the console may change: 'Nothing found' as account(), refused for an administrator's. */
  private async managedAccount(userId: string): Promise<Account> {
    const account = await this.account(userId);
    if (!isManagedInConsole(account.userType)) throw AdminUsersErrors.administratorNotManaged();
    return account;
  }

  /**
   * Spec §4 after an edit: an athlete is complete only with names, photo, intro video, school and
   * sport and one enabled service (isAthleteProfileComplete); an incomplete one leaves search. A
   * newly complete athlete gets a username, as the wizard gives one. Other roles keep their flag.
   * `announce` writes the flag even when unchanged, so every process's search caches are cleared.
   */
  private async recompute(accountId: string, announce = false): Promise<Account> {
    const account = await this.accounts.getById(accountId);
    if (account.userType !== UserType.Athlete) return announce ? this.accounts.update(accountId, { profileCompleted: account.profileCompleted }) : account;
    const complete = isAthleteProfileComplete({
      first_name: account.firstName,
      last_name: account.lastName,
      profile_photo: account.profilePhoto,
      intro_video: account.introVideo,
      ...(await this.athletes.completeness(accountId)),
    });
    let updated = complete !== account.profileCompleted || announce ? await this.accounts.update(accountId, { profileCompleted: complete }) : account;
    if (updated.profileCompleted && !updated.username) updated = await this.accounts.ensureUsername(accountId);
    return updated;
  }

  private async athleteOrDiscard(athleteId: string, field: string, ...uploads: Array<StagedUpload | undefined>): Promise<Account> {
    try {
      const account = await this.managedAccount(athleteId);
      if (account.userType !== UserType.Athlete) throw AdminUsersErrors.notAnAthlete(field);
      return account;
    } catch (error) {
      for (const upload of uploads) await this.media.discardUpload(upload);
      throw error;
    }
  }

  private async recordUploadIn(manager: EntityManager, adminId: string, action: string, subjectId: string, after: Record<string, unknown>): Promise<void> {
    await this.audit.recordIn(manager, { adminId, action, subjectType: 'user', subjectId, before: null, after });
  }
}

