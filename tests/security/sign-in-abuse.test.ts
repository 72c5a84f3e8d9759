// Guessing passwords and accounts: wrong passwords lock an email (429, right password included),
// spoofed forwarding headers do not reset the per-IP budget, and an unknown email is answered
// exactly like a wrong password: same status, body and headers, and the same bcrypt work
// (verifyPassword compares against a dummy hash of the same cost; timed here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BCRYPT_COST } from '../../server/src/lib/password.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';
import { uniqueEmail } from './harness.ts';

const PER_EMAIL = 3;
const PER_IP = 40;
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({
    rateLimits: { windowSeconds: 300, perIp: PER_IP, perEmail: PER_EMAIL },
  });
});
afterAll(() => stack?.stop());

const password = 'correct-horse-battery';
async function signIn(email: string, pw: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password: pw }),
  });
  const body = await response.text();
  const ms = performance.now() - started;
  // Every header but the clock's.
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'date') kept[name] = value;
  });
  return { status: response.status, body, headers: kept, ms };
}
const signUp = (email: string) => stack.client().auth.signUp({ email, password });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe('brute force', () => {
  it(`locks an email after ${PER_EMAIL} wrong passwords: 429, even for the right one`, async () => {
    const email = uniqueEmail();
    await signUp(email);
    for (let i = 0; i < PER_EMAIL; i++) {
      expect((await signIn(email, `wrong-${i}-password`)).status).toBe(400);
    }
    const locked = await signIn(email, password);
    expect(locked.status).toBe(429);
    expect(JSON.parse(locked.body)).toEqual({
      code: 429,
      error_code: 'over_request_rate_limit',
      msg: 'Request rate limit reached: please wait 5 minutes before trying again.',
    });
    // Spelling variants are the same account, or no account: never a way around the lock.
    for (const variant of [email.toUpperCase(), ` ${email}`]) {
      expect([400, 429]).toContain((await signIn(variant, password)).status);
    }
  });

  it('a forged X-Forwarded-For does not buy a fresh per-IP budget (trustProxy is off)', async () => {
    const own = await startTestStack({
      rateLimits: { windowSeconds: 300, perIp: 3, perEmail: 100 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${own.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: {
            apikey: own.anonKey,
            'x-forwarded-for': `203.0.113.${i}`,
            'x-real-ip': `203.0.113.${i}`,
          },
          body: JSON.stringify({ email: uniqueEmail(), password }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await own.stop();
    }
  });
});

describe('account enumeration', () => {
  it('an unknown email and a wrong password get the same status, body and headers', async () => {
    const email = uniqueEmail();
    await signUp(email);
    for (const version of [{}, { 'x-supabase-api-version': '2024-01-01' }] as Array<
      Record<string, string>
    >) {
      const wrong = await signIn(email, 'not-the-password', version);
      const unknown = await signIn(uniqueEmail(), 'not-the-password', version);
      expect(wrong.status).toBe(400);
      expect(wrong.body).toContain('Invalid login credentials');
      expect({ ...unknown, ms: 0 }).toEqual({ ...wrong, ms: 0 });
    }
  });

  it('both run one bcrypt comparison: similar time, both far above a lookup', async () => {
    // Cost 10 is ~2^10 rounds: tens of ms in Node, where a bare lookup takes ~1 ms.
    expect(BCRYPT_COST).toBe(10);
    const email = uniqueEmail();
    await signUp(email);
    const wrong: number[] = [];
    const unknown: number[] = [];
    // Three samples each, interleaved; PER_EMAIL is 3, so none of them is the fast 429.
    for (let i = 0; i < 3; i++) {
      const [a, b] = [
        await signIn(email, `nope-${i}-x`),
        await signIn(uniqueEmail(), `nope-${i}-x`),
      ];
      expect([a.status, b.status]).toEqual([400, 400]);
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    // A missing-email path that skipped bcrypt would answer in a few ms.
    const floor = 15;
    expect(median(wrong)).toBeGreaterThan(floor);
    expect(median(unknown)).toBeGreaterThan(floor);
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(1 / 4);
    expect(ratio).toBeLessThan(4);
  });

  it('a locked unknown email answers as a locked real one', async () => {
    const real = uniqueEmail();
    const ghost = uniqueEmail();
    await signUp(real);
    for (let i = 0; i < PER_EMAIL; i++) {
      await signIn(real, 'wrong-password');
      await signIn(ghost, 'wrong-password');
    }
    const [a, b] = [await signIn(real, 'wrong-password'), await signIn(ghost, 'wrong-password')];
    expect(a.status).toBe(429);
    expect({ ...a, ms: 0 }).toEqual({ ...b, ms: 0 });
  });
});
