import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayResultsLookup, dayResultsStatement } from '../../server/src/static/served-results.ts';
import { addDays } from '../../src/shared/lottery-clock.ts';
import { countingPool, planWithoutSeqScan } from '../utils/lookup-probes.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// The lookup behind the rows served in a page (static-served-results.test.ts, ADR 029): one
// index range per day, one read for many visitors, and bounds on time, reads at once and days
// kept.
const zone = 'Asia/Bangkok';
const past = '2026-11-23';
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ timezone: zone });
  await stack.pool.query(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
     values ($1, 14, '14:30:00', '4821'), ($1, 0, '00:30:00', '0007')`,
    [past],
  );
});
afterAll(() => stack?.stop());

describe('the day lookup', () => {
  it('is one range of the unique (draw_date, draw_hour) index, at most 24 rows', async () => {
    const statement = dayResultsStatement(past);
    expect(statement.text).toMatch(/limit 24\b/);
    const plan = await planWithoutSeqScan(stack.pool, statement);
    expect(plan).toMatch(
      /(Index (Only )?Scan (Backward )?using|Bitmap Index Scan on) lottery_results_draw_date_draw_hour/,
    );
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('reads a day once for many visitors at once, and past that only after its time bound', async () => {
    const pool = countingPool(stack.context.pools.rest);
    let clock = Date.now();
    const lookup = dayResultsLookup(pool.pool, zone, { cacheMs: 5_000, now: () => clock });
    const answers = await Promise.all(Array.from({ length: 50 }, () => lookup(past)));
    expect(new Set(answers.map((day) => day?.rowsJson)).size).toBe(1);
    expect(pool.connects).toBe(1);
    // A change within the bound is not seen yet (the app's live channel reads once on joining)...
    await stack.pool.query(
      `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
       values ($1, 7, '07:30:00', '0777')`,
      [past],
    );
    expect((await lookup(past))?.rowsJson).not.toContain('0777');
    // ...and is once the bound has passed.
    clock += 5_001;
    const later = await lookup(past);
    expect(later?.rowsJson).toContain('0777');
    expect(later?.readAt).toBe(clock);
    expect(pool.connects).toBe(2);
    await stack.pool.query(
      `delete from public.lottery_results where draw_date = $1 and draw_hour = 7`,
      [past],
    );
  });

  it("reuses today's answer no later than the day's next draw time", async () => {
    const pool = countingPool(stack.context.pools.rest);
    // 14:29:59 on the lottery's clock: the 14:30 draw is published a second later.
    const before = Date.parse(`${past}T14:29:59+07:00`);
    let clock = before;
    const lookup = dayResultsLookup(pool.pool, zone, { cacheMs: 60_000, now: () => clock });
    await lookup(past);
    clock = before + 2_000;
    await lookup(past);
    expect(pool.connects).toBe(2);
  });

  it('reads at most a few days at once; past that the page goes without rows', async () => {
    const pool = countingPool(stack.context.pools.rest);
    const lookup = dayResultsLookup(pool.pool, zone, { maxInFlight: 2 });
    const days = Array.from({ length: 10 }, (_, i) => addDays(past, -i));
    const answers = await Promise.all(days.map((day) => lookup(day)));
    expect(pool.connects).toBe(2);
    expect(answers.slice(2).every((answer) => answer === undefined)).toBe(true);
  });

  it('forgets the oldest days beyond its bound', async () => {
    const pool = countingPool(stack.context.pools.rest);
    const lookup = dayResultsLookup(pool.pool, zone, { maxEntries: 2 });
    for (const day of [past, addDays(past, -1), addDays(past, -2)]) await lookup(day);
    await lookup(addDays(past, -2));
    expect(pool.connects).toBe(3);
    await lookup(past);
    expect(pool.connects).toBe(4);
  });
});
