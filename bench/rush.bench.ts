/**
 * The hourly rush: N realtime subscribers (anon, every change on lottery_results, as the Today
 * page subscribes) are open when a draw is published (an admin's insert of a published result).
 * Two strategies, each timed from just before the insert until the last subscriber has the row:
 *   A. apply row: a subscriber has it when the event arrives (what the app does).
 *   B. refetch per event: on the event every subscriber fetches the day's results through
 *      /rest/v1 and has the row only when its fetch returns with it.
 *
 *   npx tsx bench/rush.bench.ts [--subscribers=1000] [--connections=50]
 *   (or BENCH_SUBSCRIBERS, BENCH_CONNECTIONS; LOTTERY_TIMEZONE)
 *
 * The stack (`server/src/main.ts`, port 9181) runs in a child process; this process is the load
 * generator. `connections` bounds the keep-alive HTTP connections B's fetches share.
 */
import { performance } from 'node:perf_hooks';
import { addDays, drawTime, todayIn } from '../src/shared/lottery-clock.ts';
import { signInAdmin, startBenchStack } from './lib/bench-stack.ts';
import { dayFetcher } from './lib/day-fetch.ts';
import { reportFigures, reportProblem } from './lib/figures.ts';
import {
  chooseLotteryZone,
  countOption,
  ms,
  publishedHoursToday,
  spread,
} from './lib/lottery-day.ts';
import { applyRow, refetchPerEvent, router, rush, type Outcome } from './lib/rush-strategies.ts';
import { openSubscribers } from './lib/rush-subscribers.ts';

const PORT = 9181;
const SUBSCRIBERS = countOption('subscribers', 'BENCH_SUBSCRIBERS', 1000);
const CONNECTIONS = countOption('connections', 'BENCH_CONNECTIONS', 50);

async function main(): Promise<void> {
  const zone = chooseLotteryZone();
  // Two fresh published hours and some results already there; yesterday if today has too few.
  const today = todayIn(zone);
  const todays = publishedHoursToday(zone);
  const [date, hours] =
    todays.length >= 3
      ? [today, todays]
      : [addDays(today, -1), Array.from({ length: 24 }, (_, h) => h)];
  const [hourA, hourB] = hours.slice(-2) as [number, number];
  const stack = await startBenchStack(PORT, zone);
  let close = () => {};
  try {
    const admin = await signInAdmin(stack);
    const seeded = hours.slice(0, -2).map((hour) => ({
      draw_date: date,
      draw_hour: hour,
      draw_time: drawTime(hour),
      first_prize: String((hour * 397) % 10_000).padStart(4, '0'),
    }));
    const seeding = await admin.from('lottery_results').insert(seeded);
    if (seeding.error) throw seeding.error;

    const joinStart = performance.now();
    const subscribers = await openSubscribers(stack.url, stack.anonKey, SUBSCRIBERS, (i, row) =>
      router.onChange(i, row),
    );
    const fetcher = dayFetcher(stack.url, stack.anonKey, date, CONNECTIONS);
    close = () => (subscribers.close(), fetcher.close());
    const joined = performance.now() - joinStart;

    // Warm both paths alike: one untimed event to every subscriber, and a round of day fetches.
    const warmDraw = { date, hour: hourA, prize: '0000' };
    const warm = await rush(admin, SUBSCRIBERS, warmDraw, applyRow(warmDraw));
    if (warm.times.some(Number.isNaN)) throw new Error('a subscriber missed the warm-up event');
    await Promise.all(Array.from({ length: CONNECTIONS * 2 }, () => fetcher.fetchDay()));
    await admin.from('lottery_results').delete().eq('draw_date', date).eq('draw_hour', hourA);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the delete's events pass

    const drawA = { date, hour: hourA, prize: '4017' };
    const a = await rush(admin, SUBSCRIBERS, drawA, applyRow(drawA));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const drawB = { date, hour: hourB, prize: '7104' };
    const b = await rush(admin, SUBSCRIBERS, drawB, refetchPerEvent(drawB, fetcher));
    await admin.auth.signOut();
    report(`${zone}, draws of ${date}`, joined, a, b);
  } finally {
    close();
    await stack.stop();
  }
}

function report(zone: string, joined: number, a: Outcome, b: Outcome): void {
  const summarise = (o: Outcome) => ({ ...spread(o.times.filter((t) => !Number.isNaN(t))), o });
  const [sa, sb] = [summarise(a), summarise(b)];
  console.log(
    `\nThe hourly rush: ${SUBSCRIBERS} realtime subscribers (anon), one published insert`,
  );
  console.log(
    `lottery zone ${zone}; ${SUBSCRIBERS} joined in ${ms(joined)}; B over ${CONNECTIONS} keep-alive connections\n`,
  );
  console.log('| strategy | got it | time to last | p50 | p95 | fetch errors | stale fetches |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, s] of [
    ['A. apply row', sa],
    ['B. refetch per event', sb],
  ] as const)
    console.log(
      `| ${name} | ${s.count}/${SUBSCRIBERS} | ${ms(s.max)} | ${ms(s.p50)} | ${ms(s.p95)} | ${s.o.errors} | ${s.o.stale} |`,
    );
  const ratio = sb.max / sa.max;
  console.log(`\ntime to last subscriber, B / A: ${ratio.toFixed(1)}×`);
  const everyone = sa.count === SUBSCRIBERS && sb.count === SUBSCRIBERS;
  console.log(
    everyone
      ? `every one of the ${SUBSCRIBERS} got the new result under both strategies`
      : 'FAIL: some subscribers never got the new result',
  );
  if (!everyone) {
    process.exitCode = 1;
    reportProblem(
      `subscribers with the new result: ${sa.count}/${SUBSCRIBERS} applying the row, ${sb.count}/${SUBSCRIBERS} refetching`,
    );
  }
  const baseline = (value: number) => ({ name: 'refetch per event', value });
  reportFigures([
    {
      name: 'rush: apply row, time to last subscriber',
      unit: 'ms',
      value: sa.max,
      better: 'lower',
      baseline: baseline(sb.max),
    },
    {
      name: 'rush: apply row, p50',
      unit: 'ms',
      value: sa.p50,
      better: 'lower',
      baseline: baseline(sb.p50),
    },
    {
      name: 'rush: apply row, p95',
      unit: 'ms',
      value: sa.p95,
      better: 'lower',
      baseline: baseline(sb.p95),
    },
    {
      name: 'rush: refetch per event, time to last subscriber',
      unit: 'ms',
      value: sb.max,
      better: 'lower',
    },
    {
      name: 'rush: refetch per event, subscribers with the result',
      unit: 'subscribers',
      value: sb.count,
      better: 'higher',
    },
    {
      name: 'rush: refetch per event, fetch errors',
      unit: 'errors',
      value: b.errors,
      better: 'lower',
    },
  ]);
}

await main();
