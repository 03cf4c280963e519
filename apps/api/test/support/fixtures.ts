import { randomBytes } from 'node:crypto';
import type { UserTypeCode } from '@huddle/domain';
import { AccountEntity } from '../../src/modules/accounts/entities/account.entity';
import { SessionEntity } from '../../src/modules/auth/entities/session.entity';
import { SessionsService } from '../../src/modules/auth/sessions.service';
import type { TestApp } from './test-app';

export type AccountOverrides = Partial<Omit<AccountEntity, 'id' | 'createdAt' | 'updatedAt'>>;

/** An account with a random email; complete unless told otherwise. */
export async function createAccount(testApp: TestApp, userType: UserTypeCode, overrides: AccountOverrides = {}): Promise<AccountEntity> {
  const accounts = testApp.dataSource.getRepository(AccountEntity);
  const suffix = randomBytes(5).toString('hex');
  const saved = await accounts.save(
    accounts.create({
      userType,
      email: `user-${suffix}@example.com`,
      firstName: 'Test',
      lastName: `User ${suffix}`,
      phone: '+15555550100',
      profileCompleted: true,
      blocked: false,
      ...overrides,
    }),
  );
  return accounts.findOneByOrFail({ id: saved.id });
}

export interface SignedIn {
  account: AccountEntity;
  token: string;
  session: SessionEntity;
}

/** A real session issued by SessionsService, as sign-in will issue it. */
export async function signIn(testApp: TestApp, account: AccountEntity): Promise<SignedIn> {
  const { token, session } = await testApp.get(SessionsService).create(account.id);
  return { account, token, session };
}

export async function createSignedIn(testApp: TestApp, userType: UserTypeCode, overrides: AccountOverrides = {}): Promise<SignedIn> {
  return signIn(testApp, await createAccount(testApp, userType, overrides));
}
