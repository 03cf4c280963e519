import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock } from '../../common/time/clock';
import { AppConfig } from '../../config/app-config';
import { JobsModule } from '../jobs/jobs.module';
import { MailModule } from '../mail/mail.module';
import { AccessGuard } from './access.guard';
import { AccountsService } from './accounts.service';
import { AuthSecret } from './auth-secret';
import { BusinessAuthController } from './business-auth.controller';
import { BUSINESS_CALLBACK_PATH, SANDBOX_PAGE_PATH } from './business-auth.paths';
import { BusinessIdentityProvider } from './business-identity.provider';
import { BusinessSignInService } from './business-sign-in.service';
import { CredentialsService } from './credentials.service';
import { AccountEntity } from './entities/account.entity';
import { AccountIdentityEntity } from './entities/account-identity.entity';
import { PasswordResetEntity } from './entities/password-reset.entity';
import { SessionEntity } from './entities/session.entity';
import { FacebookBusinessProvider } from './facebook-business.provider';
import { PasswordHasher } from './password-hasher';
import { PasswordResetService } from './password-reset.service';
import { PasswordsController } from './passwords.controller';
import { RateLimitGuard } from './rate-limit.guard';
import { SandboxBusinessProvider } from './sandbox-business.provider';
import { SessionCookie } from './session-cookie';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';
import { UnavailableBusinessProvider } from './unavailable-business.provider';

/**
 * Who is calling: accounts' sign-in data, sessions, sign-up and sign-in, password reset and
 * business sign-in. It owns the accounts, sessions, password_resets and account_identities tables.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AccountEntity, SessionEntity, PasswordResetEntity, AccountIdentityEntity]), MailModule, JobsModule],
  controllers: [SessionsController, PasswordsController, BusinessAuthController],
  providers: [
    AccountsService,
    SessionsService,
    PasswordHasher,
    SessionCookie,
    AuthSecret,
    CredentialsService,
    PasswordResetService,
    BusinessSignInService,
    RateLimitGuard,
    {
      provide: BusinessIdentityProvider,
      inject: [AppConfig, AuthSecret, Clock],
      useFactory: (config: AppConfig, secret: AuthSecret, clock: Clock): BusinessIdentityProvider =>
        config.usesFacebookLogin
          ? // The shell's server proxies /api to this API, so the app's origin is the API's public origin too.
            new FacebookBusinessProvider(config, `${config.PUBLIC_APP_URL.replace(/\/+$/, '')}${BUSINESS_CALLBACK_PATH}`)
          : config.servesBusinessSandbox
            ? new SandboxBusinessProvider(SANDBOX_PAGE_PATH, BUSINESS_CALLBACK_PATH, secret, clock)
            : new UnavailableBusinessProvider(),
    },
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AccountsService, SessionsService, PasswordHasher, SessionCookie, CredentialsService, RateLimitGuard],
})
export class AuthModule {}
