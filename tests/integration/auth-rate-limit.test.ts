import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// Sign-up and sign-in are limited per IP (GoTrue's sign_in_sign_ups budget, shared by both) and
// per email (failed password attempts). Over the limit: 429 over_request_rate_limit,
// "Request rate limit reached" (internal/api/middleware.go), plus how long to wait.

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

describe('rate limits', () => {
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

  it('locks an email after too many wrong passwords, even for the right one, but not other emails', async () => {
    stack = await startTestStack({ rateLimits: { windowSeconds: 300, perIp: 100, perEmail: 3 } });
    const client = stack.client();
    const email = newEmail();
    const other = newEmail();
    await client.auth.signUp({ email, password });
    await client.auth.signUp({ email: other, password });
    for (let i = 0; i < 3; i++) {
      expect(
        (await client.auth.signInWithPassword({ email, password: 'wrong-password' })).error,
      ).toMatchObject({
        code: 'invalid_credentials',
      });
    }
    // Counted case-insensitively: the same account.
    const locked = await client.auth.signInWithPassword({ email: email.toUpperCase(), password });
    expect(locked.error).toMatchObject(limited);
    expect((await client.auth.signInWithPassword({ email: other, password })).error).toBeNull();
  });

  it('does not count successful sign-ins against the email', async () => {
    stack = await startTestStack({ rateLimits: { windowSeconds: 300, perIp: 100, perEmail: 2 } });
    const client = stack.client();
    const email = newEmail();
    await client.auth.signUp({ email, password });
    for (let i = 0; i < 4; i++)
      expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it('limits unknown emails too, so guessing accounts costs the same', async () => {
    stack = await startTestStack({ rateLimits: { windowSeconds: 300, perIp: 100, perEmail: 1 } });
    const client = stack.client();
    const email = newEmail();
    expect((await client.auth.signInWithPassword({ email, password })).error).toMatchObject({
      code: 'invalid_credentials',
    });
    expect((await client.auth.signInWithPassword({ email, password })).error).toMatchObject(
      limited,
    );
  });
});
