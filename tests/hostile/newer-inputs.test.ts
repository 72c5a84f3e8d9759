// The inputs issues 23 and 25 added, attacked at a small scale while the observer keeps reading:
// the feeds' parameters, draw-beacon without the service key, the local beacon's rounds and a
// stranger's two-factor endpoints. Each visitor figure is judged against its own baseline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAttacker, type Account } from './attacks-auth.ts';
import {
  beaconRounds,
  drawBeaconWithoutKey,
  enrolFactor,
  feedParameters,
  mfaGuessing,
} from './attacks-newer.ts';
import {
  expectUnharmed,
  hostileTimeouts,
  startHostileStack,
  underAttack,
  type HostileStack,
} from './harness.ts';
import { ask } from './requests.ts';

hostileTimeouts();
let stack: HostileStack;
let attacker: Account;
beforeAll(async () => {
  // The stack's own beacon, so /beacon serves rounds and the caller seals and draws beside us.
  stack = await startHostileStack({ env: { BEACON_CHAIN: 'local' } });
  attacker = await signUpAttacker(stack);
});
afterAll(() => stack?.stop());

/** A 500 is a bug and a dropped connection (status 0) a crash; 429/503/504 are answers. */
const serverErrors = (counts: Record<string, number>) =>
  Object.keys(counts).filter((status) => status === '0' || status === '500');

describe('the newer inputs are no one’s outage', () => {
  it('the feeds’ parameters, valid and not', async () => {
    const scale = { concurrency: 16, seconds: 2 };
    const figures = await underAttack(stack, 'feed parameters', () => feedParameters(stack, scale));
    // Each request is one bounded read (48 draws or the locks ahead) in a function worker.
    expectUnharmed(figures, { ratio: 10, memoryMiB: 100 });
    const { statuses } = figures.outcome;
    expect(serverErrors(statuses)).toEqual([]);
    // The bad ones are refused in words: 400 (or 414/431 before the function for the longest).
    expect(statuses['400'], 'bad feed parameters refused').toBeGreaterThan(0);
  });

  it('draw-beacon without the service key', async () => {
    const scale = { concurrency: 16, seconds: 2 };
    const figures = await underAttack(stack, 'draw-beacon without key', () =>
      drawBeaconWithoutKey(stack, scale),
    );
    expectUnharmed(figures, { ratio: 10, memoryMiB: 100 });
    const { statuses } = figures.outcome;
    expect(serverErrors(statuses)).toEqual([]);
    // Never sealed or stored for a stranger: only refusals (401, or 429 past a gateway bound).
    expect(Object.keys(statuses).filter((s) => s !== '401' && s !== '429')).toEqual([]);
  });

  it('the local beacon’s rounds: signed on demand, waited for, out of range', async () => {
    const latest = await ask(stack, { path: '/beacon/public/latest' });
    expect(latest.status).toBe(200);
    const latestRound = (JSON.parse(latest.text) as { round: number }).round;
    const scale = { concurrency: 32, seconds: 3, latestRound };
    const figures = await underAttack(stack, 'beacon rounds', () => beaconRounds(stack, scale));
    // BLS signing has a budget per process (5 a second); a held "next round" is one socket.
    expectUnharmed(figures, { ratio: 10, memoryMiB: 100 });
    const { statuses } = figures.outcome;
    expect(serverErrors(statuses)).toEqual([]);
    expect(statuses['425'], 'rounds far ahead refused').toBeGreaterThan(0);
    expect(statuses['404'], 'malformed rounds refused').toBeGreaterThan(0);
  });

  it('a stranger guessing codes on its own factor', async () => {
    const factorId = await enrolFactor(stack, attacker);
    const scale = { concurrency: 8, seconds: 3, account: attacker, factorId };
    const figures = await underAttack(stack, 'MFA guessing', () => mfaGuessing(stack, scale));
    expectUnharmed(figures, { ratio: 10, memoryMiB: 64 });
    const { statuses } = figures.outcome;
    expect(serverErrors(statuses)).toEqual([]);
    // GoTrue's bound, 15 challenges and verifications a minute from one address, meets it.
    expect(statuses['429'], 'challenges and codes past the bound').toBeGreaterThan(0);
    expect(statuses['200'] ?? 0, 'a wrong code never verifies').toBe(0);
  });
});
