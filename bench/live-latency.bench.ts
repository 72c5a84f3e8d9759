/**
 * Live latency: from an admin's write of a published result (supabase-js in Node, signed in as
 * admin) to its digits on a visitor's open Today page in Chromium. Writes alternate between
 * inserts (into an hour emptied first, untimed) and updates of a published row's first prize;
 * both are changes the Today page applies from the realtime event (useResultsRealtime).
 *
 *   npx tsx bench/live-latency.bench.ts [--writes=50]     (or BENCH_WRITES; LOTTERY_TIMEZONE)
 *
 * The stack (`server/src/main.ts`, port 9180, fresh data dir, no demo data) runs in a child
 * process. Both clocks are epoch ms from performance.timeOrigin + performance.now().
 * Targets (ADR 006: a change reaches open pages within a second): p50 ≤ 150 ms, p95 ≤ 400 ms.
 */
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { SupabaseClient } from '@supabase/supabase-js';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/utils/chromium.ts';
import { drawTime, todayIn } from '../src/shared/lottery-clock.ts';
import { signInAdmin, startBenchStack } from './lib/bench-stack.ts';
import { ensureBuild } from '../tests/utils/ensure-build.ts';
import { reportFigures } from './lib/figures.ts';
import {
  chooseLotteryZone,
  countOption,
  ms,
  publishedHoursToday,
  spread,
} from './lib/lottery-day.ts';
import {
  clockOffset,
  expectPrize,
  installProbe,
  seenAt,
  spokenPrize,
  waitGone,
} from './lib/page-probe.ts';

const PORT = 9180;
const WRITES = countOption('writes', 'BENCH_WRITES', 50);
const WARM_UP = 3;

const now = () => performance.timeOrigin + performance.now();
const used = new Set<string>();

/** A prize not shown before in this run, so the page can show it only because of this write. */
function freshPrize(): string {
  for (;;) {
    const prize = String(randomInt(10_000)).padStart(4, '0');
    if (!used.has(prize)) return (used.add(prize), prize);
  }
}

interface Row {
  id: string;
  prize: string;
}
type Kind = 'insert' | 'update';
interface Sample {
  kind: Kind;
  /** To the MutationObserver seeing the digits in the DOM: the figure reported. */
  inDom: number;
  /** To the start of the animation frame after that, the one that paints them. */
  frame: number;
  /** To the admin's request being answered. */
  acked: number;
}

class Writer {
  readonly rows = new Map<number, Row>();
  constructor(
    private admin: SupabaseClient,
    private page: Page,
    private today: string,
  ) {}

  async insert(hour: number, prize: string): Promise<void> {
    const { data, error } = await this.admin
      .from('lottery_results')
      .insert({
        draw_date: this.today,
        draw_hour: hour,
        draw_time: drawTime(hour),
        first_prize: prize,
      })
      .select('id')
      .single<{ id: string }>();
    if (error) throw error;
    this.rows.set(hour, { id: data.id, prize });
  }

  async update(hour: number, prize: string): Promise<void> {
    const row = this.rows.get(hour)!;
    const { error } = await this.admin
      .from('lottery_results')
      .update({ first_prize: prize })
      .eq('id', row.id);
    if (error) throw error;
    row.prize = prize;
  }

  /** Untimed: empties the hour and waits until the page no longer shows its prize. */
  async clear(hour: number): Promise<void> {
    const row = this.rows.get(hour)!;
    const { error } = await this.admin.from('lottery_results').delete().eq('id', row.id);
    if (error) throw error;
    this.rows.delete(hour);
    await waitGone(this.page, row.prize);
  }

  /** One timed write: ms from just before the request to the digits on the page. */
  async timed(kind: Kind, hour: number): Promise<Sample> {
    if (kind === 'insert') await this.clear(hour);
    const prize = freshPrize();
    await expectPrize(this.page, prize);
    const start = now();
    await (kind === 'insert' ? this.insert(hour, prize) : this.update(hour, prize));
    const acked = now() - start;
    const seen = await seenAt(this.page, prize);
    return { kind, inDom: seen.inDom - start, frame: seen.frame - start, acked };
  }
}

async function main(): Promise<void> {
  ensureBuild();
  const zone = chooseLotteryZone();
  const hours = publishedHoursToday(zone);
  if (hours.length === 0) throw new Error(`No draw of today is published yet in ${zone}`);
  const today = todayIn(zone);
  const stack = await startBenchStack(PORT, zone);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const admin = await signInAdmin(stack);
    const context = await browser.newContext({ timezoneId: 'America/Los_Angeles' });
    const page = await context.newPage();
    const writer = new Writer(admin, page, today);
    for (const hour of hours) await writer.insert(hour, freshPrize());

    await page.goto(`${stack.url}/`);
    const newest = writer.rows.get(hours.at(-1)!)!.prize;
    await page.getByText(spokenPrize(newest)).waitFor({ timeout: 15_000 });
    await installProbe(page);
    // The page should apply each event's row, not refetch: count any refetch to show it.
    let refetches = 0;
    page.on('request', (request) => {
      if (request.url().includes('/rest/v1/lottery_results')) refetches += 1;
    });

    // Warm-up writes prove the page's channel is joined and warm the code paths.
    for (let i = 0; i < WARM_UP; i++) await writer.timed('update', hours[i % hours.length]!);
    const samples: Sample[] = [];
    for (let i = 0; i < WRITES; i++) {
      const kind: Kind = i % 2 === 0 ? 'update' : 'insert';
      samples.push(await writer.timed(kind, hours[i % hours.length]!));
    }
    const clocks = await clockOffset(page, now);
    await admin.auth.signOut();
    report(zone, hours.length, samples, { ...clocks, refetches });
  } finally {
    await browser.close();
    await stack.stop();
  }
}

function report(
  zone: string,
  hourCount: number,
  samples: Sample[],
  checks: { offset: number; rtt: number; refetches: number },
) {
  const all = spread(samples.map((s) => s.inDom));
  const line = (label: string, values: number[]) => {
    const s = spread(values);
    console.log(
      `${label.padEnd(26)} n=${s.count}  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}`,
    );
  };
  const ofKind = (kind: Kind) => samples.filter((s) => s.kind === kind).map((s) => s.inDom);
  console.log(`\nLive latency: admin write → digits on an open Today page (Chromium)`);
  console.log(`lottery zone ${zone}, ${hourCount} published hours today, ${all.count} writes\n`);
  const of = (field: 'inDom' | 'frame' | 'acked') => samples.map((s) => s[field]);
  line('write → digits in DOM', of('inDom'));
  line('  inserts', ofKind('insert'));
  line('  updates', ofKind('update'));
  line('write → next frame', of('frame'));
  line('write → admin answered', of('acked'));
  const { offset, rtt, refetches } = checks;
  console.log(`page requests to /rest/v1/lottery_results meanwhile: ${refetches}`);
  console.log(`page clock − Node clock: ${ms(offset)} (± ${ms(rtt / 2)}, half a round trip)`);
  const pass = all.p50 <= 150 && all.p95 <= 400;
  console.log(`\n${pass ? 'PASS' : 'FAIL'} (targets: p50 ≤ 150 ms, p95 ≤ 400 ms)`);
  const figure = (name: string, value: number) => ({
    name,
    unit: 'ms',
    value,
    better: 'lower' as const,
  });
  reportFigures([
    figure('live latency: write to Today page, p50', all.p50),
    figure('live latency: write to Today page, p95', all.p95),
    figure('live latency: write to Today page, max', all.max),
  ]);
}

await main();
