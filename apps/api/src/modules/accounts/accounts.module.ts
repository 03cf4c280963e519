import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobsModule } from '../jobs/jobs.module';
import { AthletesModule } from '../athletes/athletes.module';
import { AuthModule } from '../auth/auth.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { MediaModule } from '../media/media.module';
import { AccountProfileService } from './account-profile.service';
import { AccountsController } from './accounts.controller';
import { CredentialsController } from './credentials.controller';
import { BusinessProfileEntity } from './entities/business-profile.entity';
import { FanSurveyEntity } from './entities/fan-survey.entity';
import { RegistrationController } from './registration.controller';
import { RegistrationService } from './registration.service';

/**
 * Accounts as their owners see them: profile read and edit, deletion, social links, the setup
 * wizard of each role. It owns business_profiles and fan_surveys; the account row itself is
 * auth's, the athlete's details the athletes module's, uploads the media module's.
 */
@Module({
  imports: [TypeOrmModule.forFeature([BusinessProfileEntity, FanSurveyEntity]), AuthModule, AthletesModule, CatalogueModule, MediaModule, JobsModule],
  controllers: [CredentialsController, AccountsController, RegistrationController],
  providers: [AccountProfileService, RegistrationService],
  exports: [AccountProfileService],
})
export class AccountsModule {}
