import { Injectable } from '@nestjs/common';
import { isAthleteProfileComplete, MESSAGES } from '@huddle/domain';
import type { FieldErrors } from '../../common/errors/domain-error';
import { Transactions } from '../../database/transactions';
import { AthletesService } from '../athletes/athletes.service';
import type { AthleteInfoChanges } from '../athletes/athletes.service';
import type { AthleteInfoInput } from '../athletes/dto/athlete-info.dto';
import { CatalogueService } from '../catalogue/catalogue.service';
import type { CatalogueKind } from '../catalogue/catalogue.service';
import { AccountProfileService } from './account-profile.service';
import { AccountsErrors } from './accounts.errors';
import { AccountsService } from './accounts.service';
import type { Account, AccountChanges } from './accounts.service';
import type { AccountDto } from './dto/account.dto';
import type { AthletePersonalInfoInput, AthleteRegistrationDto, BusinessRegistrationDto, FanRegistrationDto } from './dto/registration.dto';

const PERSONAL = 'athlete_personal_info';

function athleteInfoChanges(input: AthleteInfoInput | undefined): AthleteInfoChanges {
  if (!input) return {};
  return {
    ...(input.school_id !== undefined && { schoolId: input.school_id }),
    ...(input.sports !== undefined && { sports: input.sports }),
    ...(input.school_email !== undefined && { schoolEmail: input.school_email }),
    ...(input.athlete_services !== undefined && { services: input.athlete_services }),
    ...(input.locations !== undefined && { locations: input.locations }),
  };
}

function isBlank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === '';
}

/**
 * The setup wizard of each role (spec §4, Signup steps). Finishing checks the whole profile and
 * marks it complete, so the role code moves from 11/12/13 to 1/2/3; an athlete's profile is
 * complete by the domain rule isAthleteProfileComplete. The athlete's wizard may also save its
 * progress, unchecked for completeness, on the way.
 */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly profiles: AccountProfileService,
    private readonly athletes: AthletesService,
    private readonly catalogue: CatalogueService,
    private readonly transactions: Transactions,
  ) {}

  async finishAthlete(accountId: string, input: AthleteRegistrationDto): Promise<AccountDto> {
    return this.saveAthlete(await this.accounts.getById(accountId), input, true);
  }

  async saveAthleteProgress(accountId: string, input: AthleteRegistrationDto): Promise<AccountDto> {
    return this.saveAthlete(await this.accounts.getById(accountId), input, false);
  }

  async finishFan(accountId: string, input: FanRegistrationDto): Promise<AccountDto> {
    const account = await this.accounts.getById(accountId);
    const problems: FieldErrors = {};
    const followed: Array<[CatalogueKind, number[]]> = [
      ['conferences', input.conferences],
      ['sports', input.sports],
      ['teams', input.teams],
    ];
    for (const [kind, ids] of followed) {
      if ((await this.catalogue.unknownIds(kind, ids)).length > 0) problems[kind] = MESSAGES.unknownChoice;
    }
    if (Object.keys(problems).length > 0) throw AccountsErrors.invalid(problems);
    await this.profiles.assertMedia(account, [{ field: 'profile_photo', path: input.profile_photo, current: account.profilePhoto, kind: 'image' }]);

    const updated = await this.transactions.run(async () => {
      await this.profiles.saveFanSurvey(account.id, { conferences: [...new Set(input.conferences)], sports: [...new Set(input.sports)], teams: [...new Set(input.teams)] });
      return this.accounts.update(account.id, {
        firstName: input.first_name,
        lastName: input.last_name,
        ...(input.gender !== undefined && { gender: input.gender }),
        profilePhoto: input.profile_photo,
        profileCompleted: true,
      });
    });
    return this.profiles.view(updated);
  }

  async finishBusiness(accountId: string, input: BusinessRegistrationDto): Promise<AccountDto> {
    const account = await this.accounts.getById(accountId);
    await this.profiles.assertMedia(account, [{ field: 'profile_photo', path: input.profile_photo, current: account.profilePhoto, kind: 'image' }]);
    await this.profiles.assertBusinessPicture(account, input.business_info, 'business_info.picture');

    const updated = await this.transactions.run(async () => {
      await this.profiles.saveBusinessInfo(account.id, input.business_info);
      return this.accounts.update(account.id, {
        firstName: input.first_name,
        lastName: input.last_name,
        ...(input.gender !== undefined && { gender: input.gender }),
        profilePhoto: input.profile_photo,
        profileCompleted: true,
      });
    });
    return this.profiles.view(updated);
  }

  private async saveAthlete(account: Account, input: AthleteRegistrationDto, finish: boolean): Promise<AccountDto> {
    const personal: AthletePersonalInfoInput = input.athlete_personal_info ?? {};
    if (finish) {
      const missing = this.missingPersonalInfo(account, personal);
      if (Object.keys(missing).length > 0) throw AccountsErrors.invalid(missing);
    }
    await this.profiles.assertMedia(account, [
      { field: `${PERSONAL}.profile_photo`, path: personal.profile_photo, current: account.profilePhoto, kind: 'image' },
      { field: `${PERSONAL}.dashboard_photo`, path: personal.dashboard_photo, current: account.dashboardPhoto, kind: 'image' },
      { field: `${PERSONAL}.intro_video`, path: personal.intro_video, current: account.introVideo, kind: 'video' },
    ]);

    // The athlete's details, the account row, completion and username: all of it or none.
    const updated = await this.transactions.run(() => this.writeAthlete(account, input, personal, finish));
    return this.profiles.view(updated);
  }

  private async writeAthlete(account: Account, input: AthleteRegistrationDto, personal: AthletePersonalInfoInput, finish: boolean): Promise<Account> {
    await this.athletes.save(account.id, athleteInfoChanges(input.athlete_info), { requireSurvey: finish, requireService: finish, fieldPrefix: 'athlete_info.' });
    const changes: AccountChanges = {
      ...(personal.first_name !== undefined && { firstName: personal.first_name }),
      ...(personal.last_name !== undefined && { lastName: personal.last_name }),
      ...(personal.gender !== undefined && { gender: personal.gender }),
      ...(personal.description !== undefined && { description: isBlank(personal.description) ? null : personal.description }),
      ...this.profiles.mediaChanges(personal),
      ...this.profiles.linkChanges(personal),
    };
    let updated = await this.accounts.update(account.id, changes);

    if (finish && !updated.profileCompleted) {
      const complete = isAthleteProfileComplete({
        first_name: updated.firstName,
        last_name: updated.lastName,
        profile_photo: updated.profilePhoto,
        intro_video: updated.introVideo,
        ...(await this.athletes.completeness(account.id)),
      });
      if (complete) updated = await this.accounts.update(account.id, { profileCompleted: true });
    }
    // A complete athlete is listed and linked as /@{username}, so one is derived from the name if none was chosen.
    if (finish && updated.profileCompleted && !updated.username) updated = await this.accounts.ensureUsername(account.id);
    return updated;
  }

  /** Finishing needs names, a photo and the intro video, sent now or saved earlier in the wizard. */
  private missingPersonalInfo(account: Account, personal: AthletePersonalInfoInput): FieldErrors {
    const missing: FieldErrors = {};
    if (isBlank(personal.first_name ?? account.firstName)) missing[`${PERSONAL}.first_name`] = MESSAGES.required;
    if (isBlank(personal.last_name ?? account.lastName)) missing[`${PERSONAL}.last_name`] = MESSAGES.required;
    if (isBlank(personal.profile_photo ?? account.profilePhoto)) missing[`${PERSONAL}.profile_photo`] = MESSAGES.choosePhoto;
    if (isBlank(personal.intro_video ?? account.introVideo)) missing[`${PERSONAL}.intro_video`] = MESSAGES.chooseVideo;
    return missing;
  }
}
