import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { IsNull, QueryFailedError } from 'typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ErrorCode, firstFreeUsername, normalizeEmail, usernameBaseOf, UserType } from '@huddle/domain';
import type { UserTypeCode } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';
import { Transactions } from '../../database/transactions';
import { ACCOUNT_SQL } from './account-statements';
import { ACCOUNT_CHANGED } from './account-events';
import type { AccountChangedEvent } from './account-events';
import { AccountEntity } from './entities/account.entity';
import { AccountIdentityEntity } from './entities/account-identity.entity';
import { AccountsErrors } from './accounts.errors';

export interface NewPasswordAccount {
  userType: UserTypeCode;
  email: string;
  /** The argon2id hash auth made of the password; the password itself never reaches this module. */
  passwordHash: string;
  phone: string;
  firstName?: string;
  lastName?: string;
  profileCompleted?: boolean;
}

export interface NewIdentityAccount {
  provider: string;
  subject: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

/** Work that commits or rolls back with a new account (enqueueing its jobs). */
export type AccountCreationHook = (manager: EntityManager, accountId: string) => Promise<void>;

/**
 * An account as other modules receive it: the row's fields, read-only, without the password hash
 * (this module owns the accounts table; others never import its entity).
 */
export type Account = Readonly<Omit<AccountEntity, 'passwordHash'>>;

/** The one read that carries the password hash: checking a sign-in. */
export type AccountForSignIn = Account & { readonly passwordHash: string | null };

/** The account fields other modules may change (through this service only: this module owns the table). */
export type AccountChanges = Partial<
  Pick<
    AccountEntity,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'phone'
    | 'gender'
    | 'profilePhoto'
    | 'dashboardPhoto'
    | 'introVideo'
    | 'username'
    | 'description'
    | 'tiktokLink'
    | 'twitterLink'
    | 'snapchatLink'
    | 'facebookLink'
    | 'instagramLink'
    | 'profileCompleted'
    | 'emailNotifications'
  >
>;

/** An account created by a trusted import (the demo seed): complete, without a password, so it cannot sign in. */
export type ImportedAccount = Pick<
  AccountEntity,
  | 'userType'
  | 'email'
  | 'phone'
  | 'firstName'
  | 'lastName'
  | 'gender'
  | 'username'
  | 'description'
  | 'profilePhoto'
  | 'dashboardPhoto'
  | 'introVideo'
  | 'tiktokLink'
  | 'twitterLink'
  | 'snapchatLink'
  | 'facebookLink'
  | 'instagramLink'
  | 'createdAt'
>;

const UNIQUE_VIOLATION = '23505';
// Two sign-ups finishing with the same name at once: the loser of the unique index tries the next number.
const USERNAME_ATTEMPTS = 5;
// Long bases are cut to make room for the number, so taken names are looked up by a shorter prefix.
const USERNAME_PREFIX_LENGTH = 30;

/** The partial unique indexes of the accounts table (migration 1763769600000) and what they mean. */
const UNIQUE_INDEX_ERRORS: Record<string, () => Error> = {
  accounts_email_key: AccountsErrors.emailTaken,
  accounts_username_key: AccountsErrors.usernameTaken,
};

/**
 * Two requests may pass the "is it taken?" check at once; the database's unique index decides,
 * and its violation becomes the same 208 or 211 the check would have given.
 */
function asTakenError(error: unknown): unknown {
  if (!(error instanceof QueryFailedError)) return error;
  const driverError = error.driverError as { code?: string; constraint?: string };
  if (driverError.code !== UNIQUE_VIOLATION || !driverError.constraint) return error;
  return UNIQUE_INDEX_ERRORS[driverError.constraint]?.() ?? error;
}

@Injectable()
export class AccountsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly events: EventEmitter2,
  ) {}

  // Through the caller's transaction when there is one (Transactions.run), so its writes join it.
  private get accounts(): Repository<AccountEntity> {
    return this.transactions.manager.getRepository(AccountEntity);
  }

  private get identities(): Repository<AccountIdentityEntity> {
    return this.transactions.manager.getRepository(AccountIdentityEntity);
  }

  /** Tells listeners (the search's caches) after a change committed. */
  private changed(accounts: AccountChangedEvent['accounts']): void {
    this.transactions.afterCommit(() => this.events.emit(ACCOUNT_CHANGED, { accounts } satisfies AccountChangedEvent));
  }

  count(): Promise<number> {
    return this.accounts.count({ withDeleted: true });
  }

  /**
   * Stores only the hash of the password; the email must be free among live accounts.
   * `inSameTransaction` runs in the transaction that inserts the account (the sign-up's jobs).
   */
  async createWithPassword(input: NewPasswordAccount, inSameTransaction?: AccountCreationHook): Promise<Account> {
    const passwordHash = input.passwordHash;
    try {
      const id = await this.transactions.run(async () => {
        const manager = this.transactions.manager;
        const saved = await manager.save(
          manager.create(AccountEntity, {
            userType: input.userType,
            email: normalizeEmail(input.email),
            phone: input.phone,
            firstName: input.firstName ?? null,
            lastName: input.lastName ?? null,
            profileCompleted: input.profileCompleted ?? false,
            passwordHash,
          }),
        );
        await inSameTransaction?.(manager, saved.id);
        return saved.id;
      });
      return await this.getById(id);
    } catch (error) {
      throw asTakenError(error);
    }
  }

  /**
   * An account an administrator adds: incomplete (role user_type + 10) and without a password, so
   * nobody can sign in to it until its owner chooses one through the emailed link that
   * `inSameTransaction` queues with it.
   */
  async createWithoutPassword(input: { userType: UserTypeCode; email: string }, inSameTransaction?: AccountCreationHook): Promise<Account> {
    try {
      const id = await this.transactions.run(async () => {
        const manager = this.transactions.manager;
        const saved = await manager.save(
          manager.create(AccountEntity, { userType: input.userType, email: normalizeEmail(input.email), profileCompleted: false, passwordHash: null }),
        );
        await inSameTransaction?.(manager, saved.id);
        return saved.id;
      });
      return await this.getById(id);
    } catch (error) {
      throw asTakenError(error);
    }
  }

  /** A new, incomplete business account that signs in through a provider only (no password). */
  async createBusinessForIdentity(input: NewIdentityAccount, inSameTransaction?: AccountCreationHook): Promise<Account> {
    try {
      const id = await this.transactions.run(async () => {
        const manager = this.transactions.manager;
        const saved = await manager.save(
          manager.create(AccountEntity, {
            userType: UserType.Business,
            email: normalizeEmail(input.email),
            firstName: input.firstName ?? null,
            lastName: input.lastName ?? null,
            profileCompleted: false,
            passwordHash: null,
          }),
        );
        await manager.insert(AccountIdentityEntity, { accountId: saved.id, provider: input.provider, subject: input.subject });
        await inSameTransaction?.(manager, saved.id);
        return saved.id;
      });
      return await this.getById(id);
    } catch (error) {
      throw asTakenError(error);
    }
  }

  /** The live account a provider identity signs in to, blocked ones included (the caller decides). */
  async findByIdentity(provider: string, subject: string): Promise<Account | null> {
    const identity = await this.identities.findOneBy({ provider, subject });
    return identity ? this.accounts.findOneBy({ id: identity.accountId }) : null;
  }

  /** A live account with its password hash, for checking a sign-in. */
  async findForSignIn(email: string): Promise<AccountForSignIn | null> {
    const account = await this.accounts
      .createQueryBuilder('account')
      .addSelect('account.passwordHash')
      .where('lower(account.email) = :email', { email: normalizeEmail(email) })
      .getOne();
    return account ? { ...account, passwordHash: account.passwordHash ?? null } : null;
  }

  findLiveByEmail(email: string): Promise<Account | null> {
    return this.accounts.createQueryBuilder('account').where('lower(account.email) = :email', { email: normalizeEmail(email) }).getOne();
  }

  /** A live (not deleted) account; blocked accounts are still found, for administrators. */
  async getById(id: string): Promise<Account> {
    const account = await this.accounts.findOneBy({ id });
    if (!account) throw AccountsErrors.accountNotFound();
    return account;
  }

  /**
   * A live account's email (a checkout's payer, for the card provider's receipt): one column by
   * primary key, in plain SQL (ACCOUNT_SQL), since it is read on every checkout (issue 24).
   */
  async emailOf(id: string): Promise<string> {
    const [row]: Array<{ email: string }> = await this.transactions.manager.query(ACCOUNT_SQL.emailById, [id]);
    if (!row) throw AccountsErrors.accountNotFound();
    return row.email;
  }

  /**
   * The live, unblocked account a session belongs to, or null: what the access guard needs on
   * every request, read by primary key.
   */
  async findSignedIn(id: string): Promise<Account | null> {
    return this.accounts.findOneBy({ id, blocked: false });
  }

  /** Refuses (208) an email another live account uses. */
  async assertEmailFree(email: string, exceptAccountId?: string): Promise<void> {
    if (await this.isEmailTaken(email, exceptAccountId)) throw AccountsErrors.emailTaken();
  }

  /** Whether another live account uses this email (case-insensitively). */
  async isEmailTaken(email: string, exceptAccountId?: string): Promise<boolean> {
    const query = this.accounts.createQueryBuilder('account').where('lower(account.email) = :email', { email: normalizeEmail(email) });
    if (exceptAccountId) query.andWhere('account.id <> :id', { id: exceptAccountId });
    return (await query.getCount()) > 0;
  }

  /** Whether another live account uses this username (case-insensitively). */
  async isUsernameTaken(username: string, exceptAccountId?: string): Promise<boolean> {
    const query = this.accounts.createQueryBuilder('account').where('lower(account.username) = lower(:username)', { username });
    if (exceptAccountId) query.andWhere('account.id <> :id', { id: exceptAccountId });
    return (await query.getCount()) > 0;
  }

  async update(id: string, changes: AccountChanges): Promise<Account> {
    const normalised = changes.email === undefined ? changes : { ...changes, email: normalizeEmail(changes.email) };
    const changing = Object.keys(normalised).length > 0;
    if (changing) {
      try {
        await this.accounts.update({ id, deletedAt: IsNull() }, normalised);
      } catch (error) {
        throw asTakenError(error);
      }
    }
    const account = await this.getById(id);
    if (changing) this.changed([account]);
    return account;
  }

  /**
   * Blocks or unblocks an account (administrators). A blocked account's sessions no longer resolve
   * and it is left out of listings and public pages; the caller revokes its sessions in the same
   * transaction. Listeners (search caches) hear of it after the commit.
   */
  async setBlocked(id: string, blocked: boolean): Promise<Account> {
    await this.accounts.update({ id, deletedAt: IsNull() }, { blocked });
    const account = await this.getById(id);
    this.changed([account]);
    return account;
  }

  /**
   * Gives an account without a username the first free one its name suggests ('jordan.miles',
   * 'jordan.miles2', ...), so its public profile /@{username} resolves. A username already set
   * (chosen in PUT /user/accounts) is kept.
   */
  async ensureUsername(id: string): Promise<Account> {
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt += 1) {
      const account = await this.getById(id);
      if (account.username) return account;
      const base = usernameBaseOf(account.firstName, account.lastName);
      const rows = await this.accounts
        .createQueryBuilder('account')
        .select('lower(account.username)', 'username')
        .where('lower(account.username) LIKE :prefix', { prefix: `${base.slice(0, USERNAME_PREFIX_LENGTH)}%` })
        .getRawMany<{ username: string }>();
      try {
        const username = firstFreeUsername(base, new Set(rows.map((row) => row.username)));
        return await this.transactions.savepoint(() => this.update(id, { username }));
      } catch (error) {
        if (!(error instanceof DomainError && error.code === ErrorCode.UsernameTaken)) throw error;
      }
    }
    throw AccountsErrors.usernameTaken();
  }

  /** Inserts trusted accounts in one statement (ids in input order); callers give unique emails and usernames. */
  async importAccounts(accounts: readonly ImportedAccount[]): Promise<string[]> {
    if (accounts.length === 0) return [];
    const rows = accounts.map((account) => ({ ...account, profileCompleted: true, blocked: false, passwordHash: null }));
    const result = await this.accounts.createQueryBuilder().insert().into(AccountEntity).values(rows).returning(['id']).execute();
    const ids = (result.raw as Array<{ id: string }>).map((row) => row.id);
    this.changed(ids.map((id, index) => ({ id, userType: accounts[index].userType })));
    return ids;
  }

  /** Inside the caller's transaction (password reset), so the new hash and the used code commit together. */
  async setPasswordHash(manager: EntityManager, id: string, passwordHash: string): Promise<void> {
    await manager.update(AccountEntity, { id }, { passwordHash });
  }

  /**
   * Soft delete: the row stays for the history of requests and payouts, while the partial unique
   * indexes release the email and username, and the provider identities are unlinked, so the
   * same person can sign up again.
   */
  async softDelete(id: string): Promise<void> {
    const deleted = await this.transactions.run(async () => {
      const manager = this.transactions.manager;
      const account = await manager.findOne(AccountEntity, { where: { id }, select: { id: true, userType: true } });
      await manager.delete(AccountIdentityEntity, { accountId: id });
      await manager.softDelete(AccountEntity, { id });
      return account;
    });
    if (deleted) this.changed([deleted]);
  }
}
