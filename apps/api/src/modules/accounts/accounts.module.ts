import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobsModule } from '../jobs/jobs.module';
import { MailModule } from '../mail/mail.module';
import { AthletesModule } from '../athletes/athletes.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { MediaModule } from '../media/media.module';
import { AccountProfileService } from './account-profile.service';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { AccountEntity } from './entities/account.entity';
import { AccountIdentityEntity } from './entities/account-identity.entity';
import { BusinessProfileEntity } from './entities/business-profile.entity';
import { FanSurveyEntity } from './entities/fan-survey.entity';
import { RegistrationController } from './registration.controller';
import { RegistrationService } from './registration.service';

/**
 * Accounts: the account rows themselves (AccountsService, the one writer of the accounts table)
 * and the identities linked to them, and accounts as their owners see them: profile read and edit,
 * social links, the setup wizard of each role. It owns accounts, account_identities,
 * business_profiles and fan_surveys; the athlete's details are the athletes module's, uploads the
 * media module's. Sign-in, sessions and deletion (which signs out everywhere) are auth's, which
 * depends on this module, never the reverse.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([AccountEntity, AccountIdentityEntity, BusinessProfileEntity, FanSurveyEntity]),
    AthletesModule,
    CatalogueModule,
    MediaModule,
    JobsModule,
    MailModule,
  ],
  controllers: [AccountsController, RegistrationController],
  providers: [AccountsService, AccountProfileService, RegistrationService],
  exports: [AccountsService, AccountProfileService],
})
export class AccountsModule {}
