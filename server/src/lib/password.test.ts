import { describe, expect, it } from 'vitest';
import { hashPassword, isPasswordTooLong, passwordWeakness, verifyPassword } from './password.ts';

async function elapsed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

describe('password hashing', () => {
  it('hashes with bcrypt cost 10 and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$2[ab]\$10\$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
  });

  it('verifies hashes made by pgcrypto / Go ($2a$)', async () => {
    // A $2a$ hash of 'password123', as pgcrypto's crypt(…, gen_salt('bf')) or GoTrue write them.
    const legacy = '$2a$10$W99VzUJSMivma7UuGkeWyuWygUWppNcLV3WUCPZWhDqYW3eSW2npO';
    expect(await verifyPassword('password123', legacy)).toBe(true);
    expect(await verifyPassword('password124', legacy)).toBe(false);
  });

  it('answers false for a missing or unusable hash, after a full comparison', async () => {
    const hash = await hashPassword('a-real-password');
    const real = await elapsed(() => verifyPassword('wrong-password', hash));
    const missing = await elapsed(() => verifyPassword('wrong-password', null));
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', '')).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
    // Same work either way: an unknown email must not answer measurably faster.
    expect(missing).toBeGreaterThan(real * 0.4);
  });

  it('refuses passwords bcrypt would truncate', async () => {
    const long = 'x'.repeat(73);
    expect(isPasswordTooLong(long)).toBe(true);
    expect(isPasswordTooLong('é'.repeat(36))).toBe(false);
    expect(isPasswordTooLong('é'.repeat(37))).toBe(true);
    await expect(hashPassword(long)).rejects.toThrow(/longer than 72/);
    // The first 72 bytes match, but the password as typed does not.
    const hash = await hashPassword('x'.repeat(72));
    expect(await verifyPassword(long, hash)).toBe(false);
  });
});

describe('passwordWeakness', () => {
  it('wants at least 8 characters, as GoTrue words it', () => {
    expect(passwordWeakness('1234567')).toEqual({
      message: 'Password should be at least 8 characters.',
      reasons: ['length'],
    });
    expect(passwordWeakness('12345678')).toBeNull();
    expect(passwordWeakness('🙂🙂🙂🙂🙂🙂🙂')).not.toBeNull();
    expect(passwordWeakness('abc', 3)).toBeNull();
  });
});
