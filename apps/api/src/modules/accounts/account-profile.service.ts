import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { MESSAGES, normalizeEmail, roleCodeOf, SOCIAL_LINK_FIELDS, UserType } from '@huddle/domain';
import type { SocialLinkType } from '@huddle/domain';
import { AppConfig } from '../../config/app-config';
import { Transactions } from '../../database/transactions';
import { AthletesService } from '../athletes/athletes.service';
import { JobsService } from '../jobs/jobs.service';
import { MailService } from '../mail/mail.service';
import { MediaService } from '../media/media.service';
import { ACCOUNT_CREATED } from './account-events';
import type { AccountCreatedEvent } from './account-events';
import { AccountsErrors } from './accounts.errors';
import { AccountsService } from './accounts.service';
import type { Account, AccountChanges } from './accounts.service';
import type { AccountDto, BusinessInfoDto, FanInfoDto } from './dto/account.dto';
import type { BusinessInfoInput } from './dto/business-info.input';
import type { PatchAccountDto, UpdateAccountDto } from './dto/update-account.dto';
import { BusinessProfileEntity } from './entities/business-profile.entity';
import { FanSurveyEntity } from './entities/fan-survey.entity';

/** A media path a request wants to store, checked against the uploads of the account. */
export interface MediaChange {
  field: string;
  path: string | undefined | null;
  current: string | null;
  kind: 'image' | 'video';
}

export interface FanSurvey {
  conferences: number[];
  sports: number[];
  teams: number[];
}

/** '' and null both mean "no value" in a profile form. */
function orNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value;
}

/** Only the fields present in the request change; absent ones keep their stored value. */
function present<T>(value: T | undefined): value is T {
  return value !== undefined;
}

/** The notice the old address gets when an account's email changes. */
export function emailChangedNotice(newEmail: string, supportEmail: string): { subject: string; text: string } {
  return {
    subject: 'Your Huddle email was changed',
    text: `The email of your Huddle account was changed to ${newEmail}; sign-ins and emails now use that address. If you did not change it, write to ${supportEmail} at once: someone else may be using your account.`,
  };
}

/**
 * The account as its owner sees and edits it: the account row (through AccountsService), the
 * role's own details (athletes module, business_profiles, fan_surveys). Every method acts on the
 * caller's own account, whose id the controller takes from the session.
 */
@Injectable()
export class AccountProfileService implements OnModuleInit {
  constructor(
    private readonly accounts: AccountsService,
    private readonly athletes: AthletesService,
    private readonly media: MediaService,
    private readonly transactions: Transactions,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  // Through the caller's transaction when there is one (Transactions.run), so its writes join it.
  private get businesses(): Repository<BusinessProfileEntity> {
    return this.transactions.manager.getRepository(BusinessProfileEntity);
  }

  private get fanSurveys(): Repository<FanSurveyEntity> {
    return this.transactions.manager.getRepository(FanSurveyEntity);
  }

  onModuleInit(): void {
    this.jobs.subscribe<AccountCreatedEvent>(ACCOUNT_CREATED, 'business-profile', (job) => this.onAccountCreated(job.data));
  }

  /**
   * What a provider told about a new business becomes its first business_info. Only when it has
   * none: the job may run (or run again) after the business already filled its own in.
   */
  async onAccountCreated(event: AccountCreatedEvent): Promise<void> {
    if (event.userType !== UserType.Business || !event.business) return;
    await this.businesses
      .createQueryBuilder()
      .insert()
      .values({ accountId: event.accountId, name: event.business.name, email: event.business.email })
      .orIgnore()
      .execute();
  }

  async view(account: Account): Promise<AccountDto> {
    const [athleteInfo, businessInfo, fanInfo] = await Promise.all([
      account.userType === UserType.Athlete ? this.athletes.info(account.id) : null,
      account.userType === UserType.Business ? this.businessInfo(account.id) : null,
      account.userType === UserType.Fan ? this.fanInfo(account.id) : null,
    ]);
    return {
      id: account.id,
      user_type: account.userType,
      role: roleCodeOf({ user_type: account.userType, profile_completed: account.profileCompleted }, false),
      profile_completed: account.profileCompleted,
      blocked: account.blocked,
      first_name: account.firstName,
      last_name: account.lastName,
      email: account.email,
      phone: account.phone,
      gender: account.gender,
      email_notifications: account.emailNotifications,
      username: account.username,
      description: account.description,
      profile_photo: account.profilePhoto,
      dashboard_photo: account.dashboardPhoto,
      intro_video: account.introVideo,
      tiktok_link: account.tiktokLink,
      twitter_link: account.twitterLink,
      snapchat_link: account.snapchatLink,
      facebook_link: account.facebookLink,
      instagram_link: account.instagramLink,
      athlete_info: athleteInfo,
      business_info: businessInfo,
      fan_info: fanInfo,
      created_at: account.createdAt.toISOString(),
    };
  }

  async viewById(accountId: string): Promise<AccountDto> {
    return this.view(await this.accounts.getById(accountId));
  }

  /** PUT /user/accounts. Checks everything (208, 211, uploads) before writing anything. */
  async update(accountId: string, input: UpdateAccountDto): Promise<AccountDto> {
    const account = await this.accounts.getById(accountId);
    const username = input.username === undefined ? undefined : orNull(input.username);
    if (username === null && account.username) throw AccountsErrors.invalid({ username: MESSAGES.required });
    if (normalizeEmail(input.email) !== account.email && (await this.accounts.isEmailTaken(input.email, account.id))) throw AccountsErrors.emailTaken();
    if (username && (await this.accounts.isUsernameTaken(username, account.id))) throw AccountsErrors.usernameTaken();

    const isBusiness = account.userType === UserType.Business;
    await this.assertOwnMedia(account, input);
    if (isBusiness && input.business_info) await this.assertBusinessPicture(account, input.business_info, 'business_info.picture');

    const changes: AccountChanges = {
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phone: input.phone,
      ...(present(input.gender) && { gender: input.gender }),
      ...(present(input.email_notifications) && { emailNotifications: input.email_notifications }),
      ...(present(username) && { username }),
      ...(present(input.description) && { description: orNull(input.description) }),
      ...this.mediaChanges(input),
      ...this.linkChanges(input),
    };
    // The account row and the business details are stored together or not at all.
    const updated = await this.transactions.run(async () => {
      const saved = await this.accounts.update(account.id, changes);
      if (isBusiness && input.business_info) await this.saveBusinessInfo(account.id, input.business_info);
      // The spec's profile edit changes the sign-in email with no password asked, so the old
      // address hears of it (queued with the change, sent only if it commits): someone holding a
      // session for a moment could otherwise take the account for good through a password reset.
      if (account.email && saved.email !== account.email) {
        await this.mail.send({ to: account.email, ...emailChangedNotice(saved.email, this.config.SUPPORT_EMAIL) }, this.transactions.manager);
      }
      return saved;
    });
    return this.view(updated);
  }

  /** One part of the profile saved alone (PatchAccountDto): the media checked as the whole form's are, nothing else touched. */
  async patch(accountId: string, input: PatchAccountDto): Promise<AccountDto> {
    const account = await this.accounts.getById(accountId);
    await this.assertOwnMedia(account, input);
    const changes: AccountChanges = {
      ...(present(input.email_notifications) && { emailNotifications: input.email_notifications }),
      ...this.mediaChanges(input),
      ...this.linkChanges(input),
    };
    if (Object.keys(changes).length === 0) return this.view(account);
    return this.view(await this.accounts.update(account.id, changes));
  }

  async removeLink(accountId: string, type: SocialLinkType): Promise<AccountDto> {
    const changes: Record<string, null> = { [this.linkProperty(type)]: null };
    return this.view(await this.accounts.update(accountId, changes as AccountChanges));
  }

  /** The profile's own media (photo, dashboard photo, intro video), as PUT and PATCH take them: each the caller's upload. */
  private assertOwnMedia(account: Account, input: PatchAccountDto): Promise<void> {
    return this.assertMedia(account, [
      { field: 'profile_photo', path: input.profile_photo, current: account.profilePhoto, kind: 'image' },
      { field: 'dashboard_photo', path: input.dashboard_photo, current: account.dashboardPhoto, kind: 'image' },
      { field: 'intro_video', path: input.intro_video, current: account.introVideo, kind: 'video' },
    ]);
  }

  /** Throws the first media path that is not the caller's own upload; unchanged paths pass. */
  async assertMedia(account: Account, changes: readonly MediaChange[]): Promise<void> {
    for (const change of changes) {
      if (!change.path || change.path === change.current) continue;
      await this.media.assertOwned(account.id, change.path, change.kind, change.field);
    }
  }

  async assertBusinessPicture(account: Account, input: BusinessInfoInput, field: string): Promise<void> {
    if (!input.picture) return;
    const stored = await this.businesses.findOneBy({ accountId: account.id });
    await this.assertMedia(account, [{ field, path: input.picture, current: stored?.picture ?? null, kind: 'image' }]);
  }

  async saveBusinessInfo(accountId: string, input: BusinessInfoInput): Promise<void> {
    await this.businesses.upsert(
      {
        accountId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        website: input.website,
        ...(present(input.about) && { about: orNull(input.about) }),
        ...(present(input.description) && { description: orNull(input.description) }),
        ...(present(input.category_list) && { categoryList: orNull(input.category_list) }),
        ...(present(input.single_line_address) && { singleLineAddress: orNull(input.single_line_address) }),
        ...(input.picture && { picture: input.picture }),
      },
      ['accountId'],
    );
  }

  async saveFanSurvey(accountId: string, survey: FanSurvey): Promise<void> {
    await this.fanSurveys.upsert({ accountId, ...survey }, ['accountId']);
  }

  /** Media paths to store: only those sent, and never emptied (a profile keeps its photo and video). */
  mediaChanges(input: { profile_photo?: string; dashboard_photo?: string; intro_video?: string }): AccountChanges {
    return {
      ...(input.profile_photo && { profilePhoto: input.profile_photo }),
      ...(input.dashboard_photo && { dashboardPhoto: input.dashboard_photo }),
      ...(input.intro_video && { introVideo: input.intro_video }),
    };
  }

  /** Social links sent in the request: a value sets the (already normalised) link, '' or null removes it. */
  linkChanges(input: Partial<Record<`${SocialLinkType}_link`, string | null | undefined>>): AccountChanges {
    const changes: Record<string, string | null> = {};
    for (const type of Object.keys(SOCIAL_LINK_FIELDS) as SocialLinkType[]) {
      const value = input[SOCIAL_LINK_FIELDS[type]];
      if (value !== undefined) changes[this.linkProperty(type)] = orNull(value);
    }
    return changes as AccountChanges;
  }

  private linkProperty(type: SocialLinkType): keyof AccountChanges {
    const properties: Record<SocialLinkType, keyof AccountChanges> = {
      tiktok: 'tiktokLink',
      twitter: 'twitterLink',
      snapchat: 'snapchatLink',
      facebook: 'facebookLink',
      instagram: 'instagramLink',
    };
    return properties[type];
  }

  private async businessInfo(accountId: string): Promise<BusinessInfoDto> {
    const business = await this.businesses.findOneBy({ accountId });
    return {
      name: business?.name ?? null,
      email: business?.email ?? null,
      about: business?.about ?? null,
      phone: business?.phone ?? null,
      picture: business?.picture ?? null,
      website: business?.website ?? null,
      description: business?.description ?? null,
      category_list: business?.categoryList ?? null,
      single_line_address: business?.singleLineAddress ?? null,
      user_id: accountId,
    };
  }

  private async fanInfo(accountId: string): Promise<FanInfoDto> {
    const survey = await this.fanSurveys.findOneBy({ accountId });
    return { conferences: survey?.conferences ?? [], sports: survey?.sports ?? [], teams: survey?.teams ?? [] };
  }
}
