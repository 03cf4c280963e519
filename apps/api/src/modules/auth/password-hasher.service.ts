import { Injectable } from '@nestjs/common';
import { argon2id, hash, verify } from 'argon2';

/** Argon2id with the library's defaults (OWASP-recommended memory and time costs). */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password, { type: argon2id });
  }

  /** False for a wrong password and for a malformed stored hash alike: neither may sign in. */
  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}
