import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, linkAndCode, projectWith } from '../utils/mailbox.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// Password recovery through supabase-js: resetPasswordForEmail, the mail in the local mailbox,
// the link (GET /verify) or the code (verifyOtp), then a new password with updateUser.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ mailbox: true, project: projectWith({}) });
});
afterAll(async () => {
  await stack?.stop();
});

const newPassword = () => `new-${randomUUID()}`;

describe('resetPasswordForEmail', () => {
  it("a banned account's link signs nobody in", async () => {
    const { email, userId } = await stack.createUser();
    await stack
      .client()
      .auth.resetPasswordForEmail(email, { redirectTo: 'http://127.0.0.1:8080/auth' });
    await stack.pool.query(
      `update auth.users set banned_until = now() + interval '1 day' where id = $1`,
      [userId],
    );
    const { link } = linkAndCode((await latestMail(stack.url, email))!);
    const location = (await fetch(link, { redirect: 'manual' })).headers.get('location')!;
    const fragment = new URLSearchParams(new URL(location).hash.slice(1));
    expect(fragment.get('error_code')).toBe('user_banned');
    expect(fragment.get('access_token')).toBeNull();
  });

  it('mails a link and a code; the code signs in for recovery and a new password then works', async () => {
    const { email, password } = await stack.createUser();
    const anon = stack.client();
    const { data, error } = await anon.auth.resetPasswordForEmail(email, {
      redirectTo: 'http://127.0.0.1:8080/auth/reset',
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const mail = await latestMail(stack.url, email);
    expect(mail?.subject).toBe('Reset Your Password');
    const { link, code } = linkAndCode(mail!);
    expect(new URL(link).searchParams.get('redirect_to')).toBe('http://127.0.0.1:8080/auth/reset');

    const verified = await anon.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);

    const chosen = newPassword();
    const updated = await anon.auth.updateUser({ password: chosen });
    expect(updated.error).toBeNull();
    const old = await stack.client().auth.signInWithPassword({ email, password });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await stack.client().auth.signInWithPassword({ email, password: chosen });
    expect(fresh.error).toBeNull();
  });

  it('answers an unknown address exactly as a known one and sends nothing', async () => {
    const nobody = `nobody-${randomUUID()}@example.com`;
    const { data, error } = await stack.client().auth.resetPasswordForEmail(nobody);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await latestMail(stack.url, nobody)).toBeUndefined();
  });

  it('takes about as long for an unknown address as for a known one (the same database work)', async () => {
    const { email } = await stack.createUser();
    const timed = async (address: string) => {
      const started = performance.now();
      const response = await fetch(`${stack.url}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: address }),
      });
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await timed(email));
      unknown.push(await timed(`nobody-${randomUUID()}@example.com`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it('the link redirects with the session in the fragment, once', async () => {
    const { email } = await stack.createUser();
    await stack
      .client()
      .auth.resetPasswordForEmail(email, { redirectTo: 'http://127.0.0.1:8080/auth' });
    const { link } = linkAndCode((await latestMail(stack.url, email))!);
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const target = new URL(first.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe('http://127.0.0.1:8080/auth');
    const fragment = new URLSearchParams(target.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    const { data } = await stack.client().auth.getUser(fragment.get('access_token')!);
    expect(data.user?.email).toBe(email);

    const again = await fetch(link, { redirect: 'manual' });
    const error = new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1));
    expect(error.get('error_code')).toBe('otp_expired');
    expect(error.get('access_token')).toBeNull();
  });

  it('a redirect_to outside the allow-list falls back to the site URL', async () => {
    const { email } = await stack.createUser();
    await stack
      .client()
      .auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const { link } = linkAndCode((await latestMail(stack.url, email))!);
    const forged = new URL(link);
    forged.searchParams.set('redirect_to', 'https://evil.example/steal');
    for (const url of [link, forged.toString()]) {
      const location = (await fetch(url, { redirect: 'manual' })).headers.get('location')!;
      expect(new URL(location).origin).toBe(new URL(stack.context.config.siteUrl).origin);
    }
  });

  it('a wrong code, a forged hash and an expired token are refused with otp_expired', async () => {
    const { email, userId } = await stack.createUser();
    const anon = stack.client();
    await anon.auth.resetPasswordForEmail(email);
    const { code, link } = linkAndCode((await latestMail(stack.url, email))!);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await anon.auth.verifyOtp({ email, token: wrong, type: 'recovery' });
    expect(bad.error?.code).toBe('otp_expired');
    expect(bad.error?.status).toBe(403);
    const forged = await anon.auth.verifyOtp({ token_hash: 'a'.repeat(56), type: 'recovery' });
    expect(forged.error?.code).toBe('otp_expired');

    await stack.pool.query(
      `update auth.users set recovery_sent_at = now() - interval '2 hours' where id = $1`,
      [userId],
    );
    const hash = new URL(link).searchParams.get('token')!;
    const expired = await anon.auth.verifyOtp({ token_hash: hash, type: 'recovery' });
    expect(expired.error?.code).toBe('otp_expired');
  });

  it('keeps only a hash of the token in the database', async () => {
    const { email, userId } = await stack.createUser();
    await stack.client().auth.resetPasswordForEmail(email);
    const { link } = linkAndCode((await latestMail(stack.url, email))!);
    const { rows } = await stack.pool.query<{ recovery_token: string }>(
      `select recovery_token from auth.users where id = $1`,
      [userId],
    );
    expect(rows[0]!.recovery_token).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.recovery_token).not.toBe(new URL(link).searchParams.get('token'));
  });

  it('bad input is a 400 with a GoTrue body, never a 500', async () => {
    const anon = stack.client();
    const empty = await anon.auth.resetPasswordForEmail('');
    expect(empty.error?.code).toBe('validation_failed');
    const invalid = await anon.auth.resetPasswordForEmail('not-an-email');
    expect(invalid.error?.code).toBe('validation_failed');
    const type = await fetch(`${stack.url}/auth/v1/verify?token=abc&type=nope`);
    expect(type.status).toBe(400);
    expect(((await type.json()) as { error_code: string }).error_code).toBe('validation_failed');
  });
});

describe('email_sent', () => {
  it('the hourly mail budget of config.toml counts mail sent, and a spent budget refuses every address alike', async () => {
    const limited = await startTestStack({
      mailbox: true,
      project: projectWith({ rate_limit: { email_sent: 2 } }),
    });
    try {
      const anon = limited.client();
      // Addresses with no account send nothing and spend nothing (ADR 019).
      for (let i = 0; i < 4; i++) {
        expect(
          (await anon.auth.resetPasswordForEmail(`x${i}-${randomUUID()}@example.com`)).error,
        ).toBeNull();
      }
      const users = [await limited.createUser(), await limited.createUser()];
      for (const { email } of users) {
        expect((await anon.auth.resetPasswordForEmail(email)).error).toBeNull();
        expect(await latestMail(limited.url, email)).toBeDefined();
      }
      for (const email of [(await limited.createUser()).email, `x-${randomUUID()}@example.com`]) {
        const over = await anon.auth.resetPasswordForEmail(email);
        expect(over.error?.status).toBe(429);
        expect(over.error?.code).toBe('over_email_send_rate_limit');
      }
    } finally {
      await limited.stop();
    }
  });
});
