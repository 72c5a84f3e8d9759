// The hostile-load suite (tests/hostile/) at the red team's scale (issue 21): the same attack
// functions and the same harness, with the figures of the original findings. `npm run
// test:stress`; stacks on ports 9160-9162. Each line of figures is printed before it is judged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deepMetadata,
  forgedForwardedFor,
  guessPassword,
  samePasswordChanges,
  signUpAttacker,
  unknownRecoveries,
} from '../hostile/attacks-auth.ts';
import {
  badJson,
  connectionFlood,
  hugeFilters,
  oversizedHeaders,
  slowloris,
} from '../hostile/attacks-http.ts';
import {
  heldSockets,
  hugeTopics,
  messagesFootprint,
  rejoinStorm,
} from '../hostile/attacks-realtime.ts';
import { allTimeStats, deepOffsets, seedHistory } from '../hostile/attacks-rest.ts';
import {
  expectUnharmed,
  owner,
  startHostileStack,
  underAttack,
  type HostileStack,
} from '../hostile/harness.ts';

const ratio = 10;
/** A 500 (a bug) or a dropped connection; a refusal for load (429, 503, 504) is an answer. */
const ok = (counts: Record<string, number>) =>
  Object.keys(counts).filter((s) => s === '0' || s === '500');

describe('realtime at the red team’s scale', () => {
  let stack: HostileStack;
  beforeAll(async () => void (stack = await startHostileStack({ port: 9160 })));
  afterAll(() => stack?.stop());

  it.each([false, true])('300 sockets joining ~900 KB topics (private: %s)', async (isPrivate) => {
    const before = await messagesFootprint(stack.databaseUrl);
    const scale = { sockets: 300, joins: 25, topicBytes: 900_000, private: isPrivate };
    const figures = await underAttack(stack, `huge topics x300 (private: ${isPrivate})`, () =>
      hugeTopics(stack, scale),
    );
    const after = await messagesFootprint(stack.databaseUrl);
    console.info(
      `realtime.messages: ${before.mib.toFixed(1)}→${after.mib.toFixed(1)} MiB, dead tuples ${after.deadTuples}`,
    );
    // 6.6 GB of topic names are sent; 512 MiB is room for 300 sockets' read buffers, not for keeping them.
    expectUnharmed(figures, { ratio, memoryMiB: 512 });
    expect.soft(after.mib - before.mib, 'realtime.messages growth (MiB)').toBeLessThan(64);
  });

  it('20,000 sockets held open from 100 addresses', async () => {
    const scale = { sockets: 20_000, addresses: 100, holdMs: 30_000 };
    const figures = await underAttack(stack, 'held sockets x20000', () =>
      heldSockets(stack, scale),
    );
    // However many the stack keeps, it keeps room to answer a new visitor.
    expectUnharmed(figures, { ratio, memoryMiB: 1024 });
    expect(figures.outcome.newVisitorStatus, 'a new visitor is answered').toBe(200);
  });

  it('8,000 sockets re-joining', async () => {
    const scale = { sockets: 8000, joinsPerSecond: 1, seconds: 20 };
    const figures = await underAttack(stack, 're-join storm x8000', () =>
      rejoinStorm(stack, scale),
    );
    expectUnharmed(figures, { ratio, memoryMiB: 1024 });
    expect(figures.join.worstMs, 'slowest honest join (supabase-js gives up at 10 s)').toBeLessThan(
      10_000,
    );
  });
});

describe('HTTP and REST at the red team’s scale', () => {
  let stack: HostileStack;
  beforeAll(async () => {
    stack = await startHostileStack({ port: 9161, seed: seedHistory });
  });
  afterAll(() => stack?.stop());

  const rate = { concurrency: 64, seconds: 10 };
  it.each([
    ['oversized headers', () => oversizedHeaders(stack, { ...rate, headerKiB: 64 })],
    ['huge filters', () => hugeFilters(stack, rate)],
    ['bad JSON', () => badJson(stack, { ...rate, kib: 1000 })],
    ['deep offsets x64', () => deepOffsets(stack, rate)],
    ['all-time stats x64', () => allTimeStats(stack, rate)],
  ] as const)('%s', async (name, attack) => {
    const figures = await underAttack(stack, name, attack);
    expectUnharmed(figures, { ratio, memoryMiB: 512 });
    const statuses = figures.outcome.statuses;
    expect(
      name === 'oversized headers'
        ? Object.keys(statuses).filter((s) => s !== '431' && s !== '0')
        : ok(statuses),
    ).toEqual([]);
  });

  const connections: [string, () => Promise<{ newVisitorStatus: number }>][] = [
    ['slowloris x5000', () => slowloris(stack, { connections: 5000, seconds: 20 })],
    ['connection flood x128', () => connectionFlood(stack, { concurrency: 128, seconds: 10 })],
  ];
  it.each(connections)('%s', async (name, attack) => {
    const figures = await underAttack(stack, name, attack);
    expectUnharmed(figures, { ratio, memoryMiB: 256 });
    expect(figures.outcome.newVisitorStatus, 'a new visitor is answered').toBe(200);
  });
});

describe('auth at the red team’s scale', () => {
  let stack: HostileStack;
  beforeAll(
    async () => void (stack = await startHostileStack({ port: 9162, env: { TRUST_PROXY: '1' } })),
  );
  afterAll(() => stack?.stop());

  it('64 concurrent password changes', async () => {
    const account = await signUpAttacker(stack);
    const figures = await underAttack(stack, 'same-password changes x64', () =>
      samePasswordChanges(stack, { concurrency: 64, seconds: 10, account }),
    );
    expectUnharmed(figures, { ratio, memoryMiB: 256 });
    const deep = await underAttack(stack, 'deep metadata x200', () =>
      deepMetadata(stack, { depth: 3500, count: 200, account }),
    );
    expectUnharmed(deep, { ratio, memoryMiB: 256 });
    expect(ok(deep.outcome.statuses)).toEqual([]);
  });

  it('the owner signs in after 100 wrong passwords from 10 addresses', async () => {
    const figures = await underAttack(stack, 'password guessing x100', () =>
      guessPassword(stack, { attempts: 100, addresses: 10, email: owner.email }),
    );
    expectUnharmed(figures, { ratio, memoryMiB: 256 });
    const signIn = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(owner),
    });
    expect(signIn.status, 'the owner signs in').toBe(200);
  });

  it('forged X-Forwarded-For x100 and recovery requests for 10 unknown addresses', async () => {
    const forged = await underAttack(stack, 'forged X-Forwarded-For x100', () =>
      forgedForwardedFor(stack, { attempts: 100 }),
    );
    expectUnharmed(forged, { ratio, memoryMiB: 256 });
    expect(forged.outcome.firstLimitedAt).not.toBeNull();
    const spam = await underAttack(stack, 'unknown recoveries x10', () =>
      unknownRecoveries(stack, { requests: 10 }),
    );
    expectUnharmed(spam, { ratio, memoryMiB: 256 });
    const reset = await fetch(`${stack.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email }),
    });
    expect(reset.status, 'the owner’s reset is accepted').toBe(200);
  });
});
