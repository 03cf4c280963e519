import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AccountEntity } from './entities/account.entity';
import { AuthErrors } from './auth.errors';

@Injectable()
export class AccountsService {
  constructor(@InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>) {}

  /** A live (not deleted) account; blocked accounts are still found, for administrators. */
  async getById(id: string): Promise<AccountEntity> {
    const account = await this.accounts.findOneBy({ id });
    if (!account) throw AuthErrors.accountNotFound();
    return account;
  }
}
