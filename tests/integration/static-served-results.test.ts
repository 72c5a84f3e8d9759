import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  followResultsChanges,
  RESULTS_CHANGES_NAME,
} from '../../server/src/static/results-changes.ts';
import { addDays, isPublished, todayIn } from '../../src/shared/lottery-clock.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// The served rows of Today, History and a draw page (ADR 029): exactly what anon may read. The
// lookup behind them, its index and its bounds: day-results-lookup.test.ts.
const zone = 'Asia/Bangkok';
const today = todayIn(zone);
const future = addDays(today, 2);
const past = '2026-11-23';
let distDir: string;
let stack: TestStack;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'lotto24-served-dist-'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><title data-served>Lotto24</title><!-- runtime-config --></head>' +
      '<body><div id="root"></div></body></html>',
  );
  stack = await startTestStack({ distDir, timezone: zone });
  // Today's first and last hours: whichever the clock has not reached yet is unpublished.
  await stack.pool.query(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
     values ($1, 14, '14:30:00', '4821'), ($1, 0, '00:30:00', '0007'),
            ($2, 0, '00:30:00', '1111'), ($2, 23, '23:30:00', '2323'),
            ($3, 5, '05:30:00', '5555')`,
    [past, today, future],
  );
});
afterAll(async () => {
  await stack?.stop();
  rmSync(distDir, { recursive: true, force: true });
});

interface Served {
  date: string;
  readAt: number;
  rows: { draw_date: string; draw_hour: number; first_prize: string }[];
}

/** The page as the browser gets it, and the day it carries (undefined: none). */
async function served(pathAndQuery: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.url}${pathAndQuery}`, {
    headers: { Accept: 'text/html', ...headers },
  });
  const html = await response.text();
  const match = /<script type="application\/json" id="lotto24-results">([^<]*)<\/script>/.exec(
    html,
  );
  return {
    status: response.status,
    html,
    day: match ? (JSON.parse(match[1]!) as Served) : undefined,
  };
}

const prizes = (day: Served | undefined) => day?.rows.map((row) => row.first_prize);

describe('served rows of a day', () => {
  it("Today carries today's published rows only, newest first", async () => {
    const { status, day } = await served('/');
    expect(status).toBe(200);
    expect(day?.date).toBe(today);
    const expected = [
      ['2323', 23],
      ['1111', 0],
    ].filter(([, hour]) => isPublished(today, hour as number, zone));
    expect(prizes(day)).toEqual(expected.map(([prize]) => prize));
    expect(Math.abs(day!.readAt - Date.now())).toBeLessThan(60_000);
  });

  it('History carries the day asked for, in every language', async () => {
    for (const address of [`/history?date=${past}`, `/th/history?date=${past}`]) {
      const { day } = await served(address);
      expect(day?.date).toBe(past);
      expect(prizes(day)).toEqual(['4821', '0007']);
    }
  });

  it('is the same JSON the REST API gives anon for the page’s own read', async () => {
    const { day } = await served(`/history?date=${past}`);
    const { data, error } = await stack
      .client()
      .from('lottery_results')
      .select('*')
      .eq('draw_date', past)
      .order('draw_hour', { ascending: false });
    expect(error).toBeNull();
    expect(day?.rows).toEqual(data);
  });

  it('never carries a future day, or a future row', async () => {
    const { day } = await served(`/history?date=${future}`);
    // A future date is today, as the app shows it.
    expect(day?.date).toBe(today);
    expect(prizes(day)).not.toContain('5555');
    const draw = await served(`/draw/${future}/5`);
    expect(draw.day).toBeUndefined();
    expect(draw.html).not.toContain('5555');
  });

  it("a draw page carries its day's list", async () => {
    const { day } = await served(`/draw/${past}/14`);
    expect(day?.date).toBe(past);
    expect(prizes(day)).toEqual(['4821', '0007']);
  });

  it('bounds the date a stranger sends: today instead, never a 500 or another read', async () => {
    const bad = [
      'garbage',
      '2026-02-30',
      '2026-11-23T00:00',
      "2026-11-23' or 1=1",
      '9'.repeat(2_000),
      '0000-01-01',
      '%00',
      '',
    ];
    for (const value of bad) {
      const { status, day } = await served(`/history?date=${encodeURIComponent(value)}`);
      expect(status, value).toBe(200);
      expect(day?.date, value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (value !== '0000-01-01') expect(day?.date, value).toBe(today);
    }
    const twice = await served(`/history?date=${past}&date=2026-11-24`);
    expect(twice.day?.date).toBe(past);
  });

  it("goes to a page being opened, not to the service worker's offline copy of the shell", async () => {
    // A worker's fetch of a navigation says `Sec-Fetch-Dest: empty`: it gets the rows too.
    expect((await served('/', { 'Sec-Fetch-Dest': 'empty' })).day?.date).toBe(today);
    expect((await served('/', { 'X-Lotto24-Shell': '1' })).day).toBeUndefined();
    expect((await served(`/draw/${past}/14`, { 'X-Lotto24-Shell': '1' })).day).toBeUndefined();
  });

  it('carries a change made through the API on the very next load', async () => {
    const admin = stack.client({ key: stack.serviceRoleKey });
    const prizesNow = async () => prizes((await served(`/draw/${past}/14`)).day);
    // Read twice, so the page's day is kept (within its 1 s bound) before the change.
    expect(await prizesNow()).toEqual(await prizesNow());
    const inserted = await admin
      .from('lottery_results')
      .insert({ draw_date: past, draw_hour: 8, draw_time: '08:30:00', first_prize: '0808' });
    expect(inserted.error).toBeNull();
    expect(await prizesNow()).toContain('0808');
    const deleted = await admin
      .from('lottery_results')
      .delete()
      .eq('draw_date', past)
      .eq('draw_hour', 8);
    expect(deleted.error).toBeNull();
    expect(await prizesNow()).not.toContain('0808');
  });

  it('is not emptied by a write that changed nothing: a stranger cannot flush it at will', async () => {
    let signals = 0;
    const stop = stack.context.writes.onWrite(() => (signals += 1));
    try {
      // anon has no DELETE at all; an admin's delete that matches nothing changes nothing.
      const stranger = await stack.client().from('lottery_results').delete().eq('draw_date', past);
      expect(stranger.error?.code).toBe('42501');
      const admin = stack.client({ key: stack.serviceRoleKey });
      const none = await admin.from('lottery_results').delete().eq('draw_date', '2001-01-01');
      expect(none.error).toBeNull();
      expect(signals).toBe(0);
      const row = { draw_date: past, draw_hour: 10, draw_time: '10:30:00', first_prize: '1010' };
      expect((await admin.from('lottery_results').insert(row)).error).toBeNull();
      expect(signals).toBe(1);
      await admin.from('lottery_results').delete().eq('draw_date', past).eq('draw_hour', 10);
      expect(signals).toBe(2);
    } finally {
      stop();
    }
  });

  it("hears another writer's change, and again after its connection was cut", async () => {
    const pids = async () =>
      (
        await stack.pool.query<{ pid: number }>(
          `select "pid" from pg_stat_activity where "application_name" = $1
             and "datname" = current_database() and "state" = 'idle' and "query" like 'listen %'`,
          [RESULTS_CHANGES_NAME],
        )
      ).rows.map((row) => row.pid);
    const before = await pids();
    let forgotten = 0;
    const follower = followResultsChanges(stack.context.pools.rest, () => (forgotten += 1));
    await follower.start();
    try {
      const own = (await pids()).find((pid) => !before.includes(pid))!;
      const write = (sql: string) => stack.pool.query(sql, [past]);
      // psql, the draw clock: nothing of this process's API signals these.
      await write(`insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
                   values ($1, 9, '09:30:00', '0909')`);
      await expect.poll(() => forgotten).toBe(1);
      await stack.pool.query('select pg_terminate_backend($1)', [own]);
      await expect.poll(async () => (await pids()).length).toBe(before.length + 1);
      // Listening again: whatever was sent meanwhile is lost, so it drops everything once...
      await expect.poll(() => forgotten).toBe(2);
      // ...and hears the next change.
      await write(`delete from public.lottery_results where draw_date = $1 and draw_hour = 9`);
      await expect.poll(() => forgotten).toBe(3);
    } finally {
      await follower.stop();
    }
  });

  it('escapes what it carries: no value can close the element', async () => {
    const { html } = await served(`/history?date=${encodeURIComponent('</script><b>')}`);
    expect(html).not.toContain('</script><b>');
  });
});
