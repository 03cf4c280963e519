import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { UserTypeCode } from '@huddle/domain';
import { JobsService } from '../jobs/jobs.service';
import { ACCOUNT_CREATED } from '../accounts/account-events';
import type { AccountCreatedEvent } from '../accounts/account-events';
import { AccountsService } from '../accounts/accounts.service';
import type { Account } from '../accounts/accounts.service';
import { AuthErrors } from './auth.errors';
import type { SessionEntity } from './entities/session.entity';
import { PasswordHasher } from './password-hasher.service';
import { SessionsService } from './sessions.service';

export interface SignUpInput {
  userType: Exclude<UserTypeCode, 4>;
  email: string;
  password: string;
  /** Already normalised and checked (+1 and ten digits). */
  phone: string;
}

export interface SignedInAccount {
  account: Account;
  /** The raw session token, handed to the client once. */
  token: string;
  session: SessionEntity;
}

/** Sign-up and sign-in with email and password. */
@Injectable()
export class CredentialsService {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly hasher: PasswordHasher,
    private readonly jobs: JobsService,
  ) {}

  /** A new, incomplete account (role user_type + 10) with its first session. */
  async signUp(input: SignUpInput): Promise<SignedInAccount> {
    await this.accounts.assertEmailFree(input.email);
    const { password, ...fields } = input;
    // Other modules' set-up of the account (athlete defaults) is a job committed with the account.
    const account = await this.accounts.createWithPassword({ ...fields, passwordHash: await this.hasher.hash(password), profileCompleted: false }, (manager, accountId) =>
      this.jobs.publishIn<AccountCreatedEvent>(manager, ACCOUNT_CREATED, { accountId, userType: input.userType }),
    );
    return { account, ...(await this.sessions.create(account.id)) };
  }

  /**
   * One answer (205) for an unknown email, a wrong password, a deleted account and an account with
   * no password, and the same argon2 work in every case, so neither the reply nor its timing tells
   * whether an email is registered. Blocking is told only to someone who knows the password.
   */
  async signIn(email: string, password: string): Promise<SignedInAccount> {
    const account = await this.accounts.findForSignIn(email);
    const storedHash = account?.passwordHash ?? (await this.unmatchableHash());
    const matches = await this.hasher.verify(storedHash, password);
    if (!account || !account.passwordHash || !matches) throw AuthErrors.incorrectCredentials();
    if (account.blocked) throw AuthErrors.accountBlocked();
    return { account, ...(await this.sessions.create(account.id)) };
  }

  /** A real argon2id hash of a random secret: verifying against it costs what a real check costs. */
  private unmatchableHash(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(randomBytes(32).toString('base64url'));
    return this.dummyHash;
  }
}
