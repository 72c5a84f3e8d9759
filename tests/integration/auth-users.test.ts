import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/src/lib/password.ts';
import { AuthError } from '../../server/src/auth/errors.ts';
import {
  createUser,
  findUserByEmail,
  findUserById,
  updatePassword,
} from '../../server/src/auth/users.ts';
import { createTestDatabase, type TestDatabase } from '../utils/database.ts';

// The account service the operator's tools share with sign-up (admin seeding, CLI).

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const password = 'correct-horse-battery';
const newEmail = () => `Op-${randomUUID()}@Example.com`;

describe('createUser / findUserByEmail', () => {
  it('creates a confirmed account with its email identity, found by any case', async () => {
    const email = newEmail();
    const user = await createUser(database.pool, { email, password });
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      aud: 'authenticated',
      role: 'authenticated',
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
      raw_user_meta_data: { email_verified: true },
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toBeInstanceOf(Date);
    expect(user.confirmed_at).toEqual(user.email_confirmed_at);
    expect(user.identities).toHaveLength(1);
    expect(await verifyPassword(password, user.encrypted_password)).toBe(true);
    expect((await findUserByEmail(database.pool, email.toUpperCase()))?.id).toBe(user.id);
    expect((await findUserById(database.pool, user.id))?.email).toBe(email.toLowerCase());
    expect(await findUserByEmail(database.pool, newEmail())).toBeNull();
  });

  it('can leave an account unconfirmed', async () => {
    const user = await createUser(database.pool, {
      email: newEmail(),
      password,
      emailConfirmed: false,
    });
    expect(user.email_confirmed_at).toBeNull();
    expect(user.raw_user_meta_data).toEqual({});
  });

  it('refuses duplicates, also when created at the same time', async () => {
    const email = newEmail();
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => createUser(database.pool, { email, password })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect(result.reason).toBeInstanceOf(AuthError);
      expect(result.reason).toMatchObject({ status: 422, errorCode: 'user_already_exists' });
    }
  });

  it('applies the sign-up rules to email and password', async () => {
    await expect(createUser(database.pool, { email: 'nope', password })).rejects.toMatchObject({
      errorCode: 'validation_failed',
    });
    await expect(
      createUser(database.pool, { email: newEmail(), password: 'short' }),
    ).rejects.toMatchObject({
      errorCode: 'weak_password',
    });
  });

  it('updates a password', async () => {
    const user = await createUser(database.pool, { email: newEmail(), password });
    await updatePassword(database.pool, user.id, 'another-long-password');
    const updated = await findUserById(database.pool, user.id);
    expect(await verifyPassword('another-long-password', updated!.encrypted_password)).toBe(true);
    expect(await verifyPassword(password, updated!.encrypted_password)).toBe(false);
  });
});
