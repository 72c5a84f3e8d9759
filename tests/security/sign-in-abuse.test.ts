// Guessing passwords and accounts (ADR 019): budgets are per client address, never a lock on an
// account, so an attacker hammering an email from one address cannot lock its owner out; spoofed
// forwarding headers do not reset the per-IP budget; an unknown email is answered exactly like a
// wrong password (same status, body, headers, and the same bcrypt work: verifyPassword compares
// against a dummy hash of the same cost; timed here); and bcrypt runs in worker threads, so a
// flood of password checks leaves every other visitor's REST read near its own baseline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BCRYPT_COST } from '../../server/src/lib/password.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';
import { expectVisitorUnharmed, whileVisitorReads } from '../utils/visitor-probe.ts';
import { uniqueEmail } from './harness.ts';
import { allow } from '../utils/load-factor.ts';

const PER_IP = 10;
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({
    // Visitors are told apart by the address the (trusted, local) proxy forwards.
    trustProxy: { proxies: ['127.0.0.1'] },
    rateLimits: { windowSeconds: 300, perIp: PER_IP, perEmail: 100 },
  });
});
afterAll(() => stack?.stop());

const password = 'correct-horse-battery';
let nextIp = 1;
/** A visitor address of its own for each test, so budgets do not carry over. */
const freshIp = () => `203.0.113.${nextIp++}`;
async function signIn(
  email: string,
  pw: string,
  headers: Record<string, string> = {},
  ip = '198.51.100.200',
) {
  const started = performance.now();
  const response = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      ...headers,
    },
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
  it(
    'never locks an account: its owner signs in while another address guesses its password',
    async () => {
      const email = uniqueEmail();
      await signUp(email);
      const attacker = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < PER_IP + 5; i++) {
        statuses.push((await signIn(email, `wrong-${i}-password`, {}, attacker)).status);
      }
      expect(statuses.slice(0, PER_IP).every((status) => status === 400)).toBe(true);
      // The attacker's address is spent...
      const spent = await signIn(email, password, {}, attacker);
      expect(spent.status).toBe(429);
      expect(JSON.parse(spent.body)).toEqual({
        code: 429,
        error_code: 'over_request_rate_limit',
        msg: 'Request rate limit reached: please wait 5 minutes before trying again.',
      });
      // ...the account is not: its owner, in any case, signs in from elsewhere.
      const owner = freshIp();
      for (const variant of [email, email.toUpperCase()]) {
        expect((await signIn(variant, password, {}, owner)).status).toBe(200);
      }
    },
    allow(90_000),
  );

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

  it(
    'password checks run off the event loop: 16 at once leave a REST read near its baseline',
    async () => {
      const email = uniqueEmail();
      await signUp(email);
      const { accessToken, password: current } = await stack.createUser();
      const target = {
        url: stack.url,
        anonKey: stack.anonKey,
        date: new Date().toISOString().slice(0, 10),
      };
      const report = await whileVisitorReads(target, async () => {
        // Each round: 16 concurrent bcrypt comparisons, half sign-ins, half PUT /user with the
        // current password (same_password), each from an address of its own.
        for (let round = 0; round < 2; round++) {
          const answers = await Promise.all(
            Array.from({ length: 16 }, (_, i) =>
              i % 2 === 0
                ? signIn(email, `wrong-${i}-password`, {}, freshIp()).then((r) => r.status)
                : fetch(`${stack.url}/auth/v1/user`, {
                    method: 'PUT',
                    headers: {
                      apikey: stack.anonKey,
                      authorization: `Bearer ${accessToken}`,
                      'x-forwarded-for': freshIp(),
                    },
                    body: JSON.stringify({ password: current }),
                  }).then((r) => r.status),
            ),
          );
          // Answered (or, past the pool's bounded queue, refused with 429), never a 500.
          for (const status of answers) expect([400, 422, 429]).toContain(status);
        }
      });
      console.log(
        `bcrypt flood: visitor baseline ${report.baselineMs.toFixed(1)} ms, median ${report.medianMs.toFixed(1)} ms, worst ${report.worstMs.toFixed(1)} ms over ${report.reads} reads`,
      );
      expectVisitorUnharmed(report);
    },
    allow(90_000),
  );
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
    // Three samples each, interleaved, well inside the address's budget: none is the fast 429.
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

  it(
    'an address over its budget is answered alike for a real and an unknown email',
    async () => {
      const real = uniqueEmail();
      const ghost = uniqueEmail();
      await signUp(real);
      const ip = freshIp();
      for (let i = 0; i < PER_IP; i++) await signIn(i % 2 ? real : ghost, 'wrong-password', {}, ip);
      const [a, b] = [
        await signIn(real, 'wrong-password', {}, ip),
        await signIn(ghost, 'wrong-password', {}, ip),
      ];
      expect(a.status).toBe(429);
      expect({ ...a, ms: 0 }).toEqual({ ...b, ms: 0 });
    },
    allow(90_000),
  );
});
