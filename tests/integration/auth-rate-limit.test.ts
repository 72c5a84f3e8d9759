import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_CODE_ATTEMPTS } from '../../server/src/auth/mail-limits.ts';
import { latestMail, linkAndCode, projectWith } from '../utils/mailbox.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// Auth's limits are GoTrue's (auth/limits.ts, ADR 019): budgets per client address and
// endpoint, never a lock on an account. Over one: 429 over_request_rate_limit, "Request rate
// limit reached" (internal/api/middleware.go), plus how long to wait. Different visitors are
// told apart through a trusted proxy's X-Forwarded-For, as behind nginx.

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.stop();
  stack = undefined;
});

const password = 'correct-horse-battery';
const newEmail = () => `user-${randomUUID()}@example.com`;
const limited = {
  status: 429,
  code: 'over_request_rate_limit',
  message: 'Request rate limit reached: please wait 5 minutes before trying again.',
};
const behindProxy = { trustProxy: { proxies: ['127.0.0.1'] } };

/** A raw auth call from the visitor at `ip` (as the trusted proxy forwards it). */
async function call(ip: string, method: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${stack!.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey: stack!.anonKey,
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const signIn = (ip: string, email: string, pw: string) =>
  call(ip, 'POST', '/token?grant_type=password', { email, password: pw });

describe('per-IP limits', () => {
  it('limits sign-ups and sign-ins together per IP', async () => {
    stack = await startTestStack({ rateLimits: { windowSeconds: 300, perIp: 3, perEmail: 100 } });
    const client = stack.client();
    const email = newEmail();
    expect((await client.auth.signUp({ email, password })).error).toBeNull();
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
    expect((await client.auth.signUp({ email: newEmail(), password })).error).toBeNull();
    expect((await client.auth.signUp({ email: newEmail(), password })).error).toMatchObject(
      limited,
    );
    expect((await client.auth.signInWithPassword({ email, password })).error).toMatchObject(
      limited,
    );
    const raw = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe('300');
  });

  it('no lockout: the owner signs in while an attacker hammers their email from another address', async () => {
    stack = await startTestStack({
      ...behindProxy,
      rateLimits: { windowSeconds: 300, perIp: 5, perEmail: 100 },
    });
    const email = newEmail();
    expect((await call('198.51.100.5', 'POST', '/signup', { email, password })).status).toBe(200);
    const attacker = [];
    for (let i = 0; i < 8; i++)
      attacker.push((await signIn('203.0.113.66', email, `x-${i}-pw`)).status);
    // The attacker's own address runs out; the account does not.
    expect(attacker).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    const owner = await signIn('198.51.100.5', email, password);
    expect(owner.status).toBe(200);
    expect(owner.body.access_token).toEqual(expect.any(String));
    // Case and spacing are one account, still signed in to by its owner.
    expect((await signIn('198.51.100.5', email.toUpperCase(), password)).status).toBe(200);
  });

  it('PUT /user (a password change runs bcrypt twice) is limited per IP', async () => {
    stack = await startTestStack({
      ...behindProxy,
      rateLimits: { windowSeconds: 300, perIp: 3, perEmail: 100 },
    });
    const { accessToken, password: current } = await stack.createUser();
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await call('203.0.113.9', 'PUT', '/user', { password: current }, accessToken)).status,
      );
    }
    // same_password (422) three times, then the budget is spent: no fourth comparison.
    expect(statuses).toEqual([422, 422, 422, 429, 429]);
    const other = await call('198.51.100.1', 'PUT', '/user', { data: { a: 1 } }, accessToken);
    expect(other.status).toBe(200);
  });

  it('POST /recover is limited per IP', async () => {
    stack = await startTestStack({
      ...behindProxy,
      rateLimits: { windowSeconds: 300, perIp: 2, perEmail: 100 },
    });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await call('203.0.113.9', 'POST', '/recover', { email: newEmail() })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect((await call('198.51.100.1', 'POST', '/recover', { email: newEmail() })).status).toBe(
      200,
    );
  });
});

describe('mail and codes', () => {
  it('email_sent is spent only on mail sent: unknown addresses cannot block a real reset', async () => {
    stack = await startTestStack({
      ...behindProxy,
      mailbox: true,
      project: projectWith({ rate_limit: { email_sent: 1 } }),
    });
    const { email } = await stack.createUser();
    for (let i = 0; i < 5; i++) {
      const ghost = await call(`203.0.113.${i}`, 'POST', '/recover', { email: newEmail() });
      expect(ghost).toEqual({ status: 200, body: {} });
    }
    expect(await call('198.51.100.1', 'POST', '/recover', { email })).toEqual({
      status: 200,
      body: {},
    });
    expect((await latestMail(stack.url, email))?.subject).toBe('Reset Your Password');
    // The budget is spent: everyone is refused alike, before any address is looked up.
    for (const address of [email, newEmail()]) {
      const over = await call('198.51.100.2', 'POST', '/recover', { email: address });
      expect(over).toMatchObject({
        status: 429,
        body: { error_code: 'over_email_send_rate_limit' },
      });
    }
  });

  it(`a code dies after ${MAX_CODE_ATTEMPTS} wrong tries for its address, from any number of IPs`, async () => {
    stack = await startTestStack({ ...behindProxy, mailbox: true, project: projectWith({}) });
    const { email } = await stack.createUser();
    await call('198.51.100.1', 'POST', '/recover', { email });
    const { code } = linkAndCode((await latestMail(stack.url, email))!);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      const guess = await call(`203.0.113.${i}`, 'POST', '/verify', {
        type: 'recovery',
        email,
        token: wrong(i),
      });
      expect(guess).toMatchObject({ status: 403, body: { error_code: 'otp_expired' } });
    }
    // The right code is now spent too: guessing at scale cannot win; the owner asks again.
    const late = await call('198.51.100.1', 'POST', '/verify', {
      type: 'recovery',
      email,
      token: code,
    });
    expect(late).toMatchObject({ status: 403, body: { error_code: 'otp_expired' } });
    await call('198.51.100.1', 'POST', '/recover', { email });
    const fresh = linkAndCode((await latestMail(stack.url, email))!).code;
    const ok = await call('198.51.100.1', 'POST', '/verify', {
      type: 'recovery',
      email,
      token: fresh,
    });
    expect(ok.status).toBe(200);
  });

  it('a second request inside max_frequency is answered 200 like any other and sends nothing', async () => {
    stack = await startTestStack({
      mailbox: true,
      project: projectWith({ email: { max_frequency: '60s' } }),
    });
    const { email } = await stack.createUser();
    const anon = stack.client();
    expect((await anon.auth.resetPasswordForEmail(email)).error).toBeNull();
    const first = await latestMail(stack.url, email);
    expect((await anon.auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await latestMail(stack.url, email))?.id).toBe(first?.id);
  });
});
