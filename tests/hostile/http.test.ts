// Attacks on the HTTP port at a small scale (issue 21); tests/stress/hostile-scale.test.ts runs
// the same functions at the red team's scale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badJson, connectionFlood, hugeFilters, oversizedHeaders, slowloris } from './attacks-http.ts';
import { expectUnharmed, hostileTimeouts, startHostileStack, underAttack, type HostileStack } from './harness.ts';

hostileTimeouts();
let stack: HostileStack;
beforeAll(async () => {
  stack = await startHostileStack();
});
afterAll(() => stack?.stop());

/** No answer a stranger's request can get is a 5xx or a dropped connection (status 0). */
const noServerErrors = (counts: Record<string, number>) =>
  Object.keys(counts).filter((status) => status === '0' || status.startsWith('5'));

describe('an HTTP attacker is not everyone’s outage', () => {
  it('oversized headers', async () => {
    const scale = { concurrency: 16, seconds: 4, headerKiB: 64 };
    const figures = await underAttack(stack, 'oversized headers', () => oversizedHeaders(stack, scale));
    // Each is refused before any handler runs: nothing should stay behind.
    expectUnharmed(figures, { ratio: 5, memoryMiB: 64 });
    expect(Object.keys(figures.outcome.statuses)).toEqual(['431']);
  });

  it('slowloris', async () => {
    const scale = { connections: 500, seconds: 6 };
    const figures = await underAttack(stack, 'slowloris', () => slowloris(stack, scale));
    // A held connection is a descriptor and a parser: 500 of them are a few MiB.
    expectUnharmed(figures, { ratio: 5, memoryMiB: 64 });
    expect(figures.outcome.newVisitorStatus, 'a new visitor is answered').toBe(200);
  });

  it('a flood of new TCP connections', async () => {
    const scale = { concurrency: 32, seconds: 4 };
    const figures = await underAttack(stack, 'connection flood', () => connectionFlood(stack, scale));
    // Connections come and go: descriptors and memory return to their baseline.
    expectUnharmed(figures, { ratio: 5, memoryMiB: 64 });
    expect(figures.outcome.newVisitorStatus, 'a new visitor is answered').toBe(200);
  });

  it('huge REST filters and select lists', async () => {
    const scale = { concurrency: 16, seconds: 4 };
    const figures = await underAttack(stack, 'huge filters', () => hugeFilters(stack, scale));
    // Each request is parsed, planned and refused or run once: no state outlives it.
    expectUnharmed(figures, { ratio: 5, memoryMiB: 100 });
    expect(noServerErrors(figures.outcome.statuses), 'server errors or drops').toEqual([]);
  });

  it('bad JSON bodies at rate', async () => {
    const scale = { concurrency: 16, seconds: 4, kib: 512 };
    const figures = await underAttack(stack, 'bad JSON', () => badJson(stack, scale));
    // 16 bodies of 512 KiB in flight are 8 MiB, twice over while parsed.
    expectUnharmed(figures, { ratio: 5, memoryMiB: 100 });
    expect(noServerErrors(figures.outcome.statuses), 'server errors or drops').toEqual([]);
  });
});
