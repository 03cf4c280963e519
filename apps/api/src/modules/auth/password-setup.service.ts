import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { LIMITS } from '@huddle/domain';
import { setPasswordEmail } from '@huddle/domain/admin';
import { Clock } from '../../common/time/clock';
import { AppConfig } from '../../config/app-config';
import { Transactions } from '../../database/transactions';
import { AccountsService } from '../accounts/accounts.service';
import { MailService } from '../mail/mail.service';
import { AuthErrors } from './auth.errors';
import { AuthSecret } from './auth-secret';
import { PasswordHasher } from './password-hasher.service';
import { SessionsService } from './sessions.service';

const TOKEN_PURPOSE = 'password-set-token';
/** The set-password screen of the shell (the admin console's added accounts land there). */
export const SET_PASSWORD_PATH = '/set-password';

/**
 * The first password of an account an administrator added (issue 22): a random token, sent once
 * by email as a link and kept only as a keyed hash (AUTH_SECRET is not in the database), works
 * once within LIMITS.setPasswordLink.ttlHours. It owns the password_set_tokens table.
 */
@Injectable()
export class PasswordSetupService {
  constructor(
    private readonly transactions: Transactions,
    private readonly accounts: AccountsService,
    private readonly secret: AuthSecret,
    private readonly clock: Clock,
    private readonly mail: MailService,
    private readonly hasher: PasswordHasher,
    private readonly config: AppConfig,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Stores a new link for the account and queues its email, both in `manager`'s transaction (the
   * one creating the account): the email goes out only if the account exists. Earlier unused
   * links of the account die.
   */
  async issueIn(manager: EntityManager, accountId: string, email: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + LIMITS.setPasswordLink.ttlHours * 3600 * 1000);
    await manager.query(`DELETE FROM password_set_tokens WHERE account_id = $1 AND used_at IS NULL`, [accountId]);
    await manager.query(`INSERT INTO password_set_tokens (account_id, token_hash, expires_at) VALUES ($1, $2, $3)`, [accountId, this.hash(token), expiresAt]);
    const link = `${this.config.PUBLIC_APP_URL.replace(/\/+$/, '')}${SET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
    await this.mail.send({ to: email, ...setPasswordEmail(link, LIMITS.setPasswordLink.ttlHours) }, manager);
  }

  /**
   * Sets the password when the token is an unused, unexpired link of a live, unblocked account;
   * the link is then used up (the row is locked, so two tries racing cannot both set it). Any other
   * token gets one answer. Sessions are revoked, as after a reset (there are none yet, normally).
   */
  async setPassword(token: string, password: string): Promise<void> {
    const now = this.clock.now();
    const passwordHash = await this.hasher.hash(password);
    const accepted = await this.transactions.run(async () => {
      const manager = this.transactions.manager;
      const [row]: Array<{ id: string; account_id: string; expires_at: Date }> = await manager.query(
        `SELECT id, account_id, expires_at FROM password_set_tokens WHERE token_hash = $1 AND used_at IS NULL FOR UPDATE`,
        [this.hash(token)],
      );
      if (!row || row.expires_at.getTime() <= now.getTime()) return false;
      const account = await this.accounts.findSignedIn(row.account_id);
      if (!account) return false;
      await manager.query(`UPDATE password_set_tokens SET used_at = $2 WHERE id = $1`, [row.id, now]);
      await this.accounts.setPasswordHash(manager, account.id, passwordHash);
      await this.sessions.revokeAllForAccountIn(manager, account.id, now);
      return true;
    });
    if (!accepted) throw AuthErrors.setPasswordLinkInvalid();
  }

  private hash(token: string): string {
    return this.secret.mac(TOKEN_PURPOSE, token);
  }
}
