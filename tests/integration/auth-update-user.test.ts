import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, linkAndCode, projectWith } from '../utils/mailbox.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// PUT /auth/v1/user through supabase-js's auth.updateUser: password, e-mail, metadata.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ mailbox: true, project: projectWith({}) });
});
afterAll(async () => {
  await stack?.stop();
});

async function signedIn() {
  const user = await stack.createUser();
  await user.client.auth.setSession({
    access_token: user.accessToken,
    refresh_token: (await user.client.auth.getSession()).data.session!.refresh_token,
  });
  return user;
}

describe('password', () => {
  it('changes it: the new one signs in, the old one no longer does, other sessions end', async () => {
    const user = await signedIn();
    const other = stack.client();
    await other.auth.signInWithPassword({ email: user.email, password: user.password });
    const next = `pw-${randomUUID()}`;
    const { data, error } = await user.client.auth.updateUser({ password: next });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(user.email);
    expect(
      (await stack.client().auth.signInWithPassword({ email: user.email, password: next })).error,
    ).toBeNull();
    const old = await stack
      .client()
      .auth.signInWithPassword({ email: user.email, password: user.password });
    expect(old.error?.code).toBe('invalid_credentials');
    // This session stays; the other device's ended with the change.
    expect((await user.client.auth.getUser()).error).toBeNull();
    const { error: refreshError } = await other.auth.refreshSession();
    expect(refreshError).not.toBeNull();
  });

  it('refuses the same password (same_password) and a short one (weak_password)', async () => {
    const user = await signedIn();
    const same = await user.client.auth.updateUser({ password: user.password });
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.status).toBe(422);
    const weak = await user.client.auth.updateUser({ password: 'short' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.message).toBe('Password should be at least 8 characters.');
  });

  it('needs a signed-in user', async () => {
    const { error } = await stack.client().auth.updateUser({ password: 'whatever-123' });
    expect(error?.name).toBe('AuthSessionMissingError');
    const raw = await fetch(`${stack.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}` },
      body: JSON.stringify({ password: 'whatever-123' }),
    });
    expect(raw.status).toBe(403);
  });
});

describe('metadata', () => {
  it('merges data (null removes a key), refuses app_metadata and oversized data', async () => {
    const user = await signedIn();
    await user.client.auth.updateUser({ data: { name: 'Ada', team: 'draws' } });
    const { data } = await user.client.auth.updateUser({ data: { team: null, lang: 'de' } });
    expect(data.user?.user_metadata).toMatchObject({ name: 'Ada', lang: 'de' });
    expect(data.user?.user_metadata).not.toHaveProperty('team');

    const raw = await fetch(`${stack.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}` },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(raw.status).toBe(403);
    expect(((await raw.json()) as { error_code: string }).error_code).toBe('not_admin');
    const big = await user.client.auth.updateUser({ data: { blob: 'x'.repeat(10_000) } });
    expect(big.error?.code).toBe('validation_failed');
  });
});

describe('email', () => {
  it('with double_confirm_changes, mails both addresses; both links make the change', async () => {
    const user = await signedIn();
    const next = `moved-${randomUUID()}@example.com`;
    const { data, error } = await user.client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(user.email);
    expect(data.user?.new_email).toBe(next);

    const toNew = linkAndCode((await latestMail(stack.url, next))!);
    const toOld = linkAndCode((await latestMail(stack.url, user.email))!);
    const first = await fetch(toOld.link, { redirect: 'manual' });
    expect(new URL(first.headers.get('location')!).hash).toContain(
      'message=Confirmation+link+accepted',
    );
    expect((await user.client.auth.getUser()).data.user?.email).toBe(user.email);

    const second = await stack
      .client()
      .auth.verifyOtp({ email: next, token: toNew.code, type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(next);
    const signIn = await stack
      .client()
      .auth.signInWithPassword({ email: next, password: user.password });
    expect(signIn.error).toBeNull();
  });

  it('refuses an address another account has (email_exists) and an invalid one', async () => {
    const user = await signedIn();
    const other = await stack.createUser();
    const taken = await user.client.auth.updateUser({ email: other.email });
    expect(taken.error?.code).toBe('email_exists');
    const invalid = await user.client.auth.updateUser({ email: 'nope' });
    expect(invalid.error?.code).toBe('validation_failed');
  });
});

describe('secure_password_change', () => {
  it('when config.toml turns it on, a session older than a day must reauthenticate', async () => {
    const strict = await startTestStack({
      project: projectWith({ email: { secure_password_change: true } }),
    });
    try {
      const user = await strict.createUser();
      await strict.pool.query(
        `update auth.sessions set created_at = now() - interval '2 days' where user_id = $1`,
        [user.userId],
      );
      const raw = await fetch(`${strict.url}/auth/v1/user`, {
        method: 'PUT',
        headers: { apikey: strict.anonKey, Authorization: `Bearer ${user.accessToken}` },
        body: JSON.stringify({ password: `pw-${randomUUID()}` }),
      });
      expect(raw.status).toBe(400);
      expect(((await raw.json()) as { error_code: string }).error_code).toBe(
        'reauthentication_needed',
      );
    } finally {
      await strict.stop();
    }
  });
});
