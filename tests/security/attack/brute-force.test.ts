// Issue 7.2: guessing passwords costs a 429 once the limits of server/src/lib/rate-limit.ts are
// reached, per email (failed sign-ins) and per address (sign-ups and sign-ins together), with
// GoTrue's body; refreshes have their own budget, so a locked-out address can keep its sessions.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../utils/stack.ts';
import { raw } from './security-harness.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ rateLimits: { windowSeconds: 300, perIp: 8, perEmail: 3 } });
});
afterAll(() => stack?.stop());

const post = (path: string, body: unknown) =>
  raw(stack, `/auth/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const signIn = (email: string, password: string) =>
  post('/token?grant_type=password', { email, password });
const LIMITED = {
  code: 429,
  error_code: 'over_request_rate_limit',
  msg: 'Request rate limit reached',
};

describe('brute force against /auth/v1/token', () => {
  it('counts every attempt: the email locks after 3 failures, the address after 8 attempts', async () => {
    const email = `victim-${randomUUID()}@example.com`;
    const password = 'correct-horse-battery';
    const signedUp = await post('/signup', { email, password }); // address attempt 1
    expect(signedUp.status).toBe(200);
    const { refresh_token } = signedUp.body as { refresh_token: string };

    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await signIn(email, `guess-${i}`)).status); // 2-4
    expect(statuses).toEqual([400, 400, 400]);

    // Locked: another guess and even the right password answer 429 (attempts 5 and 6).
    const locked = await signIn(email, 'guess-3');
    expect({ status: locked.status, body: locked.body }).toEqual({ status: 429, body: LIMITED });
    expect((await signIn(email, password)).status).toBe(429);
    // The same email in other case is the same account, so the same lock.
    expect((await signIn(email.toUpperCase(), password)).status).toBe(429);

    // Another email from this address is not locked... (attempt 8)
    expect((await signIn(`other-${randomUUID()}@example.com`, 'guess')).status).toBe(400);
    // ...until the address has used its 8 attempts: then sign-in and sign-up are both 429.
    const overIp = await signIn(`third-${randomUUID()}@example.com`, 'guess');
    expect({ status: overIp.status, body: overIp.body }).toEqual({ status: 429, body: LIMITED });
    const signup = await post('/signup', { email: `late-${randomUUID()}@example.com`, password });
    expect(signup.status).toBe(429);

    // Refreshing is a separate, larger budget: the owner's session survives the lockout.
    const refreshed = await post('/token?grant_type=refresh_token', { refresh_token });
    expect(refreshed.status).toBe(200);
  });
});
