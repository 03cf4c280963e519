import { Injectable, Logger } from '@nestjs/common';
import { isUserTypeCode } from '@huddle/domain';
import demoAccounts from '../../database/seed/demo-accounts.json';
import { AccountsService } from '../auth/accounts.service';

export interface DemoAccount {
  role: string;
  user_type: number;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = demoAccounts;

/**
 * Fills an empty database with a believable demo so `npm start` shows a working product. It
 * never touches a database that already has accounts, so a restart keeps whatever was changed.
 * The sign-in details live in demo-accounts.json, which `npm start` also prints.
 */
@Injectable()
export class DemoSeeder {
  private readonly logger = new Logger('DemoSeeder');

  constructor(private readonly accounts: AccountsService) {}

  async seedIfEmpty(): Promise<boolean> {
    if ((await this.accounts.count()) > 0) return false;
    for (const demo of DEMO_ACCOUNTS) {
      if (!isUserTypeCode(demo.user_type)) throw new Error(`Demo account ${demo.email} has an unknown user type`);
      await this.accounts.createWithPassword({
        userType: demo.user_type,
        email: demo.email,
        password: demo.password,
        phone: demo.phone,
        firstName: demo.first_name,
        lastName: demo.last_name,
        profileCompleted: true,
      });
    }
    this.logger.log(`Seeded ${DEMO_ACCOUNTS.length} demo accounts`);
    return true;
  }
}
