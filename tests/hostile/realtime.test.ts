// Realtime attacks at a small scale (issue 21): huge topics on public and private channels,
// sockets held open, a re-join storm. tests/stress/hostile-scale.test.ts runs the same attacks at
// the red team's scale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldSockets, hugeTopics, messagesFootprint, rejoinStorm } from './attacks-realtime.ts';
import {
  expectUnharmed,
  hostileTimeouts,
  startHostileStack,
  underAttack,
  type HostileStack,
} from './harness.ts';

hostileTimeouts();
let stack: HostileStack;
beforeAll(async () => {
  stack = await startHostileStack();
});
afterAll(() => stack?.stop());

describe('a realtime attacker is not everyone’s outage', () => {
  it('joins with ~900 KB topic names on public channels', async () => {
    const scale = { sockets: 20, joins: 2, topicBytes: 900_000, private: false };
    const figures = await underAttack(stack, 'huge public topics', () => hugeTopics(stack, scale));
    // 36 MB of topic names arrive; a stack that keeps none of them beyond the frame being read
    // grows by its parse buffers (20 sockets x ~2 MiB) and GC lag: 150 MiB is well above that
    // and well below keeping every topic a few times over, the failure the red team found.
    expectUnharmed(figures, { ratio: 10, memoryMiB: 150 });
  });

  it('joins with ~900 KB topic names on private channels', async () => {
    const before = await messagesFootprint(stack.databaseUrl);
    const scale = { sockets: 20, joins: 2, topicBytes: 900_000, private: true };
    const figures = await underAttack(stack, 'huge private topics', () => hugeTopics(stack, scale));
    await new Promise((resolve) => setTimeout(resolve, 1000)); // statistics are flushed each second
    const after = await messagesFootprint(stack.databaseUrl);
    console.info(
      `realtime.messages: dead tuples ${before.deadTuples}→${after.deadTuples}, ${before.mib.toFixed(1)}→${after.mib.toFixed(1)} MiB`,
    );
    expectUnharmed(figures, { ratio: 10, memoryMiB: 150 });
    // Each refused or accepted check may leave a row, never one a ~900 KB topic long.
    expect.soft(after.mib - before.mib, 'realtime.messages growth (MiB)').toBeLessThan(8);
  });

  it('sockets held open by heartbeats from one address', async () => {
    const scale = { sockets: 500, addresses: 1, holdMs: 2000 };
    const figures = await underAttack(stack, 'held sockets', () => heldSockets(stack, scale));
    // A socket costs a descriptor and a few KiB here: 500 of them stay far below 100 MiB.
    expectUnharmed(figures, { ratio: 10, memoryMiB: 100 });
    expect(figures.outcome.newVisitorStatus, 'a new visitor is answered').toBe(200);
  });

  it('a re-join storm', async () => {
    const scale = { sockets: 100, joinsPerSecond: 5, seconds: 3 };
    const figures = await underAttack(stack, 're-join storm', () => rejoinStorm(stack, scale));
    // Joins keep a binding each while they last: 100 sockets' worth is a few MiB.
    expectUnharmed(figures, { ratio: 10, memoryMiB: 100 });
    // supabase-js gives up on a join after 10 s (its default timeout): an honest join never waits that long.
    expect(figures.join.worstMs, 'slowest honest join (ms)').toBeLessThan(10_000);
  });
});
