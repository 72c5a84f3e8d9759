import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// The admin users API through supabase-js's auth.admin, with the service_role key.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const admin = () => stack.client({ key: stack.serviceRoleKey }).auth.admin;
const email = () => `admin-api-${randomUUID()}@example.com`;

describe('auth.admin', () => {
  it('createUser, getUserById, updateUserById and deleteUser', async () => {
    const address = email();
    const created = await admin().createUser({
      email: address,
      password: 'first-password',
      email_confirm: true,
      user_metadata: { name: 'Ada' },
      app_metadata: { plan: 'gold' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user).toMatchObject({ email: address, user_metadata: { name: 'Ada' } });
    expect(created.data.user!.app_metadata).toMatchObject({ provider: 'email', plan: 'gold' });
    expect(created.data.user!.email_confirmed_at).toBeTruthy();
    expect(
      (await stack.client().auth.signInWithPassword({ email: address, password: 'first-password' }))
        .error,
    ).toBeNull();

    expect((await admin().getUserById(id)).data.user?.email).toBe(address);
    const updated = await admin().updateUserById(id, {
      password: 'second-password',
      user_metadata: { lang: 'de' },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ name: 'Ada', lang: 'de' });
    expect(
      (
        await stack
          .client()
          .auth.signInWithPassword({ email: address, password: 'second-password' })
      ).error,
    ).toBeNull();

    expect((await admin().deleteUser(id)).error).toBeNull();
    const gone = await admin().getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
  });

  it('an account created without email_confirm cannot sign in until confirmed', async () => {
    const address = email();
    const { data } = await admin().createUser({ email: address, password: 'some-password' });
    const refused = await stack
      .client()
      .auth.signInWithPassword({ email: address, password: 'some-password' });
    expect(refused.error?.code).toBe('email_not_confirmed');
    await admin().updateUserById(data.user!.id, { email_confirm: true });
    expect(
      (await stack.client().auth.signInWithPassword({ email: address, password: 'some-password' }))
        .error,
    ).toBeNull();
  });

  it('refuses a taken address (email_exists) and a short password (weak_password)', async () => {
    const existing = await stack.createUser();
    const taken = await admin().createUser({ email: existing.email, password: 'long-enough' });
    expect(taken.error?.code).toBe('email_exists');
    const weak = await admin().createUser({ email: email(), password: 'short' });
    expect(weak.error?.code).toBe('weak_password');
  });

  it('bans and unbans with ban_duration', async () => {
    const user = await stack.createUser();
    await admin().updateUserById(user.userId, { ban_duration: '24h' });
    const banned = await stack
      .client()
      .auth.signInWithPassword({ email: user.email, password: user.password });
    expect(banned.error?.code).toBe('user_banned');
    await admin().updateUserById(user.userId, { ban_duration: 'none' });
    expect(
      (await stack.client().auth.signInWithPassword({ email: user.email, password: user.password }))
        .error,
    ).toBeNull();
    const bad = await admin().updateUserById(user.userId, { ban_duration: 'forever' });
    expect(bad.error?.status).toBe(400);
  });

  it('listUsers pages with GoTrue headers, as supabase-js reads them', async () => {
    for (let i = 0; i < 3; i++) await stack.createUser();
    const { count } = (await stack.pool.query<{ count: string }>(`select count(*) from auth.users`))
      .rows[0]!;
    const first = await admin().listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users).toHaveLength(2);
    expect(first.data).toMatchObject({ total: Number(count), nextPage: 2 });
    const second = await admin().listUsers({ page: 2, perPage: 2 });
    expect(second.data.users.map((u) => u.id)).not.toContain(first.data.users[0]!.id);

    const huge = await fetch(`${stack.url}/auth/v1/admin/users?per_page=100000`, {
      headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    expect(huge.status).toBe(200);
    expect(huge.headers.get('link')).toContain('per_page=1000>');
    const bad = await fetch(`${stack.url}/auth/v1/admin/users?page=abc`, {
      headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    expect(bad.status).toBe(400);
  });
});

describe('who may use it', () => {
  const call = (token: string | undefined, path = '/admin/users', init: RequestInit = {}) =>
    fetch(`${stack.url}/auth/v1${path}`, {
      ...init,
      headers: { apikey: stack.anonKey, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });

  it('the anon key, a signed-in user and a forged service token are refused; nothing changes', async () => {
    const user = await stack.createAdmin();
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-project-secret-not-the-project-secret'));
    expect((await call(undefined)).status).toBe(401);
    for (const token of [stack.anonKey, user.accessToken]) {
      const response = await call(token);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({
        error_code: 'not_admin',
        msg: 'User not allowed',
      });
    }
    expect((await call(forged)).status).toBe(403);
    const deleted = await call(user.accessToken, `/admin/users/${user.userId}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(403);
    const { rowCount } = await stack.pool.query(`select 1 from auth.users where id = $1`, [
      user.userId,
    ]);
    expect(rowCount).toBe(1);
    const viaClient = await stack.client({ key: stack.anonKey }).auth.admin.listUsers();
    expect(viaClient.error?.status).toBe(403);
  });

  it('a malformed id is a 404, a bad body a 400, never a 500', async () => {
    const key = stack.serviceRoleKey;
    expect((await call(key, '/admin/users/not-a-uuid')).status).toBe(404);
    const body = await call(key, '/admin/users', { method: 'POST', body: '{"email": 5}' });
    expect(body.status).toBe(400);
    const deep = await call(key, '/admin/users', { method: 'POST', body: '['.repeat(20_000) });
    expect(deep.status).toBe(400);
    const none = await call(key, '/admin/users', { method: 'POST', body: '{}' });
    expect(none.status).toBe(400);
  });
});
