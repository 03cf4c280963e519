import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { UserTypeCode } from '@huddle/domain';
import { AccountEntity } from './entities/account.entity';
import { AuthErrors } from './auth.errors';
import { PasswordHasher } from './password-hasher';

export interface NewPasswordAccount {
  userType: UserTypeCode;
  email: string;
  password: string;
  phone: string;
  firstName?: string;
  lastName?: string;
  profileCompleted?: boolean;
}

@Injectable()
export class AccountsService {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    private readonly hasher: PasswordHasher,
  ) {}

  count(): Promise<number> {
    return this.accounts.count({ withDeleted: true });
  }

  /** Stores only the argon2id hash of the password. */
  async createWithPassword(input: NewPasswordAccount): Promise<AccountEntity> {
    const passwordHash = await this.hasher.hash(input.password);
    const account = this.accounts.create({
      userType: input.userType,
      email: input.email,
      phone: input.phone,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      profileCompleted: input.profileCompleted ?? false,
      passwordHash,
    });
    return this.accounts.save(account);
  }

  /** A live (not deleted) account; blocked accounts are still found, for administrators. */
  async getById(id: string): Promise<AccountEntity> {
    const account = await this.accounts.findOneBy({ id });
    if (!account) throw AuthErrors.accountNotFound();
    return account;
  }
}
