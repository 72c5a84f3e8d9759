import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawPrizeLookup, drawPrizeStatement } from '../../server/src/static/draw-meta.ts';
import { addDays, todayIn } from '../../src/shared/lottery-clock.ts';
import { countingPool, planWithoutSeqScan } from '../utils/lookup-probes.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

const siteUrl = 'https://lotto24.example';
const zone = 'Asia/Bangkok';
let distDir: string;
let stack: TestStack;
const future = addDays(todayIn(zone), 2);

/** A built app whose site name needs escaping, so every tag shows it is escaped. */
function buildFakeApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-draw-dist-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><title data-served>Lotto24</title><!-- runtime-config --></head><body></body></html>',
  );
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'lotto24.json'),
    JSON.stringify({ siteName: 'Lotto "24" <&>', siteUrl }),
  );
  return dir;
}

beforeAll(async () => {
  distDir = buildFakeApp();
  stack = await startTestStack({ distDir, siteUrl, timezone: zone });
  await stack.pool.query(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
     values ('2026-11-23', 14, '14:30:00', '4821'), ('2026-11-23', 0, '00:30:00', '0007'),
            ($1, 5, '05:30:00', '5555')`,
    [future],
  );
});
afterAll(async () => {
  await stack?.stop();
  rmSync(distDir, { recursive: true, force: true });
});

/** The page as a link previewer reads it: no script runs. */
async function served(pathAndQuery: string) {
  const response = await fetch(`${stack.url}${pathAndQuery}`, { headers: { Accept: 'text/html' } });
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (key: string) =>
    new RegExp(`<meta data-served (?:name|property)="${key}" content="([^"]*)">`).exec(head)?.[1];
  return {
    status: response.status,
    html,
    title: /<title[^>]*>([^<]*)<\/title>/.exec(head)?.[1],
    description: meta('description'),
    canonical: /<link data-served rel="canonical" href="([^"]*)">/.exec(head)?.[1],
    og: { title: meta('og:title'), description: meta('og:description'), url: meta('og:url') },
    twitter: { title: meta('twitter:title'), description: meta('twitter:description') },
    robots: meta('robots'),
  };
}

describe('served meta of a draw page', () => {
  it('carries the published number in title, description, canonical, Open Graph and Twitter', async () => {
    const page = await served('/draw/2026-11-23/14');
    expect(page.status).toBe(200);
    const title = 'Draw 14:30 on 23 November 2026: 4821 | Lotto &quot;24&quot; &lt;&amp;&gt;';
    expect(page.title).toBe(title);
    expect(page.description).toMatch(/^Draw 14:30 on 23 November 2026: 4821\b/);
    expect(page.canonical).toBe(`${siteUrl}/draw/2026-11-23/14`);
    expect(page.og).toEqual({ title, description: page.description, url: page.canonical });
    expect(page.twitter).toEqual({ title, description: page.description });
    expect(page.robots).toBeUndefined();
    // The site name is never written raw anywhere in the head.
    expect(page.html).not.toContain('"24" <&>');
  });

  it('serves each draw its own number (hour 0 is its own address)', async () => {
    const page = await served('/draw/2026-11-23/0');
    expect(page.description).toMatch(/^Draw 00:30 on 23 November 2026: 0007\b/);
    expect(page.canonical).toBe(`${siteUrl}/draw/2026-11-23/0`);
  });

  it('never puts an unpublished number in the HTML', async () => {
    const page = await served(`/draw/${future}/5`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('5555');
    expect(page.description).toContain('not drawn yet');
  });

  it('says plainly when a past draw has no result', async () => {
    const page = await served('/draw/2026-11-22/3');
    expect(page.status).toBe(200);
    expect(page.description).toContain('no result is published');
  });

  it("redirects a zero-padded hour to the draw's one address, keeping the query", async () => {
    for (const [address, location] of [
      ['/draw/2026-11-23/07', '/draw/2026-11-23/7'],
      ['/draw/2026-11-23/00?utm_source=x', '/draw/2026-11-23/0?utm_source=x'],
    ]) {
      const response = await fetch(`${stack.url}${address}`, {
        headers: { Accept: 'text/html' },
        redirect: 'manual',
      });
      expect(response.status, address).toBe(301);
      expect(response.headers.get('location'), address).toBe(location);
    }
  });

  it('answers addresses that name no draw with the 404 page, never an error', async () => {
    const bad = [
      '/draw/2026-02-30/1',
      '/draw/2026-11-23/24',
      '/draw/2026-11-23/007',
      '/draw/2026-11-23/-1',
      '/draw/2026-11-23/1e1',
      '/draw/2026-11-23/%20',
      "/draw/2026-11-23'/1",
      '/draw/%3Cscript%3E/1',
      `/draw/${'9'.repeat(2000)}/1`,
      '/draw/0000-01-01/1',
      '/draw/2026-11-23/14/extra',
    ];
    for (const address of bad) {
      const page = await served(address);
      expect(page.status, address).toBe(404);
      expect(page.title, address).toBe('Page not found | Lotto &quot;24&quot; &lt;&amp;&gt;');
      expect(page.html).not.toContain('<script>alert');
    }
  });
});

describe('served meta of the grid', () => {
  it('names the period asked, and any other period is the 7-day grid', async () => {
    const month = await served('/grid?days=30');
    expect(month.status).toBe(200);
    expect(month.title).toBe('Results grid: last 30 days | Lotto &quot;24&quot; &lt;&amp;&gt;');
    expect(month.canonical).toBe(`${siteUrl}/grid?days=30`);
    for (const query of ['', '?days=7', '?days=99', '?days=%3Cb%3E']) {
      const week = await served(`/grid${query}`);
      expect(week.title).toMatch(/^Results grid: last 7 days \|/);
      expect(week.canonical).toBe(`${siteUrl}/grid`);
    }
  });
});

describe('the draw number lookup', () => {
  it('is one probe of the unique (draw_date, draw_hour) index', async () => {
    const plan = await planWithoutSeqScan(
      stack.pool,
      drawPrizeStatement({ date: '2026-11-23', hour: 14 }),
    );
    expect(plan).toMatch(
      /Index (Only )?Scan using lottery_results_draw_date_draw_hour\w* on lottery_results/,
    );
    expect(plan).not.toMatch(/Seq Scan|Filter:/);
  });

  it('reads a draw once for many previewers asking at once, and reuses it', async () => {
    const pool = countingPool(stack.context.pools.rest);
    const lookup = drawPrizeLookup(pool.pool, zone);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => lookup({ date: '2026-11-23', hour: 14 })),
    );
    expect(new Set(answers)).toEqual(new Set(['4821']));
    expect(await lookup({ date: '2026-11-23', hour: 14 })).toBe('4821');
    expect(pool.connects).toBe(1);
  });

  it('reads at most a few draws at once; past that the page goes without the number', async () => {
    const pool = countingPool(stack.context.pools.rest);
    const lookup = drawPrizeLookup(pool.pool, zone, { maxInFlight: 2 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, hour) => lookup({ date: '2026-11-23', hour })),
    );
    expect(pool.connects).toBe(2);
    expect(answers.slice(0, 2)).toEqual(['0007', null]);
    expect(answers.slice(2).every((answer) => answer === undefined)).toBe(true);
    // Once the reads are done, the next draw is read again.
    expect(await lookup({ date: '2026-11-23', hour: 14 })).toBe('4821');
  });

  it('forgets the oldest draws beyond its bound', async () => {
    const pool = countingPool(stack.context.pools.rest);
    const lookup = drawPrizeLookup(pool.pool, zone, { maxEntries: 2 });
    for (const hour of [14, 0, 1]) await lookup({ date: '2026-11-23', hour });
    expect(pool.connects).toBe(3);
    await lookup({ date: '2026-11-23', hour: 1 });
    expect(pool.connects).toBe(3);
    expect(await lookup({ date: '2026-11-23', hour: 14 })).toBe('4821');
    expect(pool.connects).toBe(4);
  });
});
