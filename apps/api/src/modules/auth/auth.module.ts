import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessGuard } from './access.guard';
import { AccountsService } from './accounts.service';
import { AuthController } from './auth.controller';
import { AccountEntity } from './entities/account.entity';
import { SessionEntity } from './entities/session.entity';
import { PasswordHasher } from './password-hasher';
import { SessionCookie } from './session-cookie';
import { SessionsService } from './sessions.service';

@Module({
  imports: [TypeOrmModule.forFeature([AccountEntity, SessionEntity])],
  controllers: [AuthController],
  providers: [AccountsService, SessionsService, PasswordHasher, SessionCookie, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [AccountsService, SessionsService, PasswordHasher, SessionCookie],
})
export class AuthModule {}
