import { randomInt, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { LIMITS } from '@huddle/domain';
import { Clock } from '../../common/time/clock';
import { MailService } from '../mail/mail.service';
import { AccountsService } from '../accounts/accounts.service';
import { AuthErrors } from './auth.errors';
import { AuthSecret } from './auth-secret';
import { PasswordHasher } from './password-hasher.service';
import { PasswordResetEntity } from './entities/password-reset.entity';
import { SessionsService } from './sessions.service';

const CODE_PURPOSE = 'password-reset-code';
const CODE_SPACE = 10 ** LIMITS.resetCode.length;

/** Six digits, leading zeros kept, from the operating system's CSPRNG. */
export function generateResetCode(): string {
  return String(randomInt(0, CODE_SPACE)).padStart(LIMITS.resetCode.length, '0');
}

export function resetCodeEmail(code: string): { subject: string; text: string } {
  const minutes = LIMITS.resetCode.ttlSeconds / 60;
  return {
    subject: 'Your Huddle reset code',
    text: `Your Huddle password reset code is ${code}. It works once, for ${minutes} minutes. If you did not ask to reset your password, ignore this email: your password stays as it is.`,
  };
}

/**
 * Password reset by emailed code (spec §4, /restore). Only a keyed hash of a code is stored: the
 * key (AUTH_SECRET) is not in the database, so a leaked table does not let anyone try the million
 * codes offline. A code lives LIMITS.resetCode.ttlSeconds, works once, dies after maxAttempts
 * wrong tries, and a new request replaces it.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly secret: AuthSecret,
    private readonly clock: Clock,
    private readonly mail: MailService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Answers the same whether or not the email belongs to an account. The email is a job enqueued
   * in the transaction that stores the code (sent only if it commits, retried until it goes out),
   * so the time a request takes does not depend on the mail server either.
   */
  async request(email: string): Promise<void> {
    const account = await this.accounts.findLiveByEmail(email);
    if (!account || account.blocked) return;

    const code = generateResetCode();
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(PasswordResetEntity, { accountId: account.id, usedAt: IsNull() });
      await manager.insert(PasswordResetEntity, {
        accountId: account.id,
        codeHash: this.hashCode(account.id, code),
        expiresAt: new Date(now.getTime() + LIMITS.resetCode.ttlSeconds * 1000),
        attempts: 0,
        usedAt: null,
      });
      await this.mail.send({ to: account.email, ...resetCodeEmail(code) }, manager);
    });
  }

  /**
   * Sets the new password when the code is the account's latest, unused, unexpired one with tries
   * left. The code row is locked for the check, so two guesses racing cannot both be counted as
   * the first. Success signs the account out everywhere: whoever knew the old password is out.
   */
  async confirm(email: string, code: string, newPassword: string): Promise<void> {
    const account = await this.accounts.findLiveByEmail(email);
    if (!account || account.blocked) throw AuthErrors.incorrectResetCode();
    const now = this.clock.now();

    const accepted = await this.dataSource.transaction(async (manager) => {
      const reset = await manager
        .getRepository(PasswordResetEntity)
        .createQueryBuilder('reset')
        .setLock('pessimistic_write')
        .where('reset.account_id = :accountId', { accountId: account.id })
        .andWhere('reset.used_at IS NULL')
        .orderBy('reset.created_at', 'DESC')
        .getOne();
      if (!reset || reset.expiresAt.getTime() <= now.getTime() || reset.attempts >= LIMITS.resetCode.maxAttempts) return false;

      if (!this.matches(reset.codeHash, this.hashCode(account.id, code))) {
        await manager.increment(PasswordResetEntity, { id: reset.id }, 'attempts', 1);
        return false;
      }
      await manager.update(PasswordResetEntity, { id: reset.id }, { usedAt: now });
      await this.accounts.setPasswordHash(manager, account.id, await this.hasher.hash(newPassword));
      await this.sessions.revokeAllForAccountIn(manager, account.id, now);
      return true;
    });
    if (!accepted) throw AuthErrors.incorrectResetCode();
  }

  // Bound to the account, so one account's code hash says nothing about another's.
  private hashCode(accountId: string, code: string): string {
    return this.secret.mac(CODE_PURPOSE, `${accountId}:${code}`);
  }

  private matches(storedHex: string, givenHex: string): boolean {
    return timingSafeEqual(Buffer.from(storedHex, 'hex'), Buffer.from(givenHex, 'hex'));
  }
}
