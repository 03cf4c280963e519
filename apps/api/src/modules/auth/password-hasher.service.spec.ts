import { PasswordHasher } from './password-hasher.service';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('produces argon2id hashes that verify only the same password', async () => {
    const stored = await hasher.hash('correct horse battery staple');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(await hasher.verify(stored, 'correct horse battery staple')).toBe(true);
    expect(await hasher.verify(stored, 'Correct horse battery staple')).toBe(false);
  });

  it('treats a malformed stored hash as a failed check', async () => {
    expect(await hasher.verify('not-a-hash', 'anything')).toBe(false);
  });
});
