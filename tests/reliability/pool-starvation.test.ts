// Auth, realtime and REST each have a bounded pool of their own (server/src/db/pools.ts), so a
// flood that keeps every connection of one busy (what slow queries or a burst of sign-ins leave
// behind) cannot starve the others. Here each pool in turn is held to the last connection while
// the other services are used; their latency is compared with their own baseline.
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolSizes } from '../../server/src/db/pools.ts';
import {
  expectVisitorUnharmed,
  whileVisitorReads,
  type ProbeTarget,
  type VisitorReport,
} from '../utils/visitor-probe.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

let stack: TestStack;
let target: ProbeTarget;
beforeAll(async () => {
  stack = await startTestStack();
  target = { url: stack.url, anonKey: stack.anonKey, date: new Date().toISOString().slice(0, 10) };
});
afterAll(() => stack?.stop());

/** The figures docs/reliability.md quotes. */
const figures = (name: string | undefined, r: VisitorReport) =>
  console.log(
    `${name}: visitor baseline ${r.baselineMs.toFixed(1)} ms, median ${r.medianMs.toFixed(1)} ms, worst ${r.worstMs.toFixed(1)} ms over ${r.reads} reads`,
  );

/** Checks out every connection of `pool` and runs `fn` while they are all busy. */
async function whileExhausted<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const held: pg.PoolClient[] = [];
  try {
    for (let i = 0; i < pool.options.max; i++) held.push(await pool.connect());
    expect(pool.idleCount).toBe(0);
    return await fn();
  } finally {
    for (const client of held) client.release();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
async function timed(fn: () => Promise<void>, times = 5): Promise<number> {
  const spent: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await fn();
    spent.push(performance.now() - started);
  }
  return median(spent);
}

describe('separate bounded pools', () => {
  it('size the pools within the server’s connections, with room left for others', () => {
    for (const available of [97, 297, 40, 10]) {
      const sizes = Object.values(poolSizes(available));
      expect(sizes.every((n) => n >= 1)).toBe(true);
      expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(Math.max(4, available / 2));
    }
    const { pools } = stack.context;
    for (const pool of [pools.rest, pools.auth, pools.realtime, pools.owner])
      expect(pool.options.connectionTimeoutMillis).toBeGreaterThan(0);
  });

  it('signs visitors in while every REST connection is busy', async () => {
    const user = await stack.createUser();
    const signIn = async () => {
      const { error } = await stack.client().auth.signInWithPassword(user);
      expect(error).toBeNull();
    };
    const baseline = await timed(signIn);
    const during = await whileExhausted(stack.context.pools.rest, () => timed(signIn));
    console.log(
      `sign-in median ${baseline.toFixed(0)} ms quiet, ${during.toFixed(0)} ms with REST exhausted`,
    );
    expect(during).toBeLessThanOrEqual(5 * Math.max(baseline, 25));
  });

  it('delivers live changes while every REST connection is busy', async () => {
    const client = stack.client();
    const received: unknown[] = [];
    await whileExhausted(stack.context.pools.rest, async () => {
      await new Promise<void>((resolve, reject) => {
        client
          .channel('starvation')
          .on(
            'postgres_changes',
            { event: 'INSERT', schema: 'public', table: 'lottery_results' },
            (p) => received.push(p.new),
          )
          .subscribe((status) => {
            if (status === 'SUBSCRIBED') resolve();
            else if (status !== 'CLOSED') reject(new Error(status));
          });
      });
      await stack.pool.query(
        `insert into "public"."lottery_results" ("draw_date", "draw_hour", "draw_time", "first_prize")
         values (current_date - 2, 3, '03:30:00', '4321')`,
      );
      for (let i = 0; i < 100 && received.length === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await client.removeAllChannels();
    expect(received).toMatchObject([{ first_prize: '4321', draw_hour: 3 }]);
  });

  it('keeps a visitor’s REST reads fast while every auth and realtime connection is busy', async () => {
    const { pools } = stack.context;
    const report = await whileVisitorReads(target, () =>
      whileExhausted(pools.auth, () =>
        whileExhausted(pools.realtime, () => new Promise((resolve) => setTimeout(resolve, 1500))),
      ),
    );
    figures(expect.getState().currentTestName, report);
    expectVisitorUnharmed(report);
  });
});
