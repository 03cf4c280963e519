import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock } from '../../common/time/clock';
import { ClusterBusModule } from '../../database/cluster-bus';
import { AppConfig } from '../../config/app-config';
import { JobsModule } from '../jobs/jobs.module';
import { AccountsModule } from '../accounts/accounts.module';
import { MailModule } from '../mail/mail.module';
import { AccessGuard } from './access.guard';
import { AccountDeletionController } from './account-deletion.controller';
import { AuthSecret } from './auth-secret';
import { BusinessAuthController } from './business-auth.controller';
import { BUSINESS_CALLBACK_PATH, SANDBOX_PAGE_PATH } from './business-auth.paths';
import { BusinessIdentityProvider } from './business-identity.provider';
import { BusinessSignInService } from './business-sign-in.service';
import { CredentialsController } from './credentials.controller';
import { CredentialsService } from './credentials.service';
import { PasswordResetEntity } from './entities/password-reset.entity';
import { SessionEntity } from './entities/session.entity';
import { FacebookBusinessProvider } from './facebook-business.provider';
import { PasswordHasher } from './password-hasher.service';
import { PasswordResetService } from './password-reset.service';
import { PasswordSetupController } from './password-setup.controller';
import { PasswordSetupService } from './password-setup.service';
import { PasswordsController } from './passwords.controller';
import { SandboxBusinessProvider } from './sandbox-business.provider';
import { SessionCookie } from './session-cookie';
import { SessionTokens } from './session-jwt';
import { SessionRevocations } from './session-revocations';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';
import { UnavailableBusinessProvider } from './unavailable-business.provider';

/**
 * Who is calling: credentials (sign-up and sign-in), sessions and the access guard, password reset
 * and business sign-in. It owns the sessions and password_resets tables; the account rows it signs
 * in to are the accounts module's (AccountsService), which never depends on auth.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity, PasswordResetEntity]), AccountsModule, MailModule, JobsModule, ClusterBusModule],
  controllers: [CredentialsController, SessionsController, PasswordsController, BusinessAuthController, AccountDeletionController, PasswordSetupController],
  providers: [
    SessionsService,
    SessionTokens,
    SessionRevocations,
    PasswordHasher,
    SessionCookie,
    AuthSecret,
    CredentialsService,
    PasswordResetService,
    PasswordSetupService,
    BusinessSignInService,
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
  exports: [SessionsService, PasswordHasher, AuthSecret, PasswordSetupService],
})
export class AuthModule {}

export { AuthSecret } from './auth-secret';
