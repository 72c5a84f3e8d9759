// Per-draw preview images (server/src/static/og-image/): what one costs to draw, and what a
// stranger asking for thousands of distinct draws costs the stack and a visitor.
// Run: `npx tsx bench/og-image.bench.ts [images] [flood]` after `npx vite build`.
// 1. In this process: `renderDrawImage` (rasterise + PNG encode) for `images` distinct draws,
//    one after another, after 10 to warm up; the PNG's size.
// 2. The stack as `npm start` runs it (its workers, ADR 017) over 30 days of published draws: a
//    visitor's `/` page, one request after another, calm and then while 20 connections ask for
//    `flood` distinct draw images (every draw of the 30 days, then dates with no draw), and how
//    many of those got a number image, the stack's CPU time and memory.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { loadGlyphAtlas, renderDrawImage } from '../server/src/static/og-image/draw-image.ts';
import { addDays, todayIn } from '../src/shared/lottery-clock.ts';
import { startStackProcess } from '../tests/utils/stack-process.ts';
import { reportFigures, type Figure } from './lib/figures.ts';

const IMAGES = Number(process.argv[2] ?? 200);
const FLOOD = Number(process.argv[3] ?? 2_000);
const ZONE = 'Asia/Bangkok';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const summary = (took: number[]) => {
  const sorted = [...took].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};
const prizeOf = (i: number) => String((i * 7919) % 10_000).padStart(4, '0');

function renderTimes() {
  const atlas = loadGlyphAtlas();
  const content = (i: number) => ({
    date: addDays('2026-01-01', i % 365),
    hour: i % 24,
    prize: prizeOf(i),
  });
  for (let i = 0; i < 10; i++) renderDrawImage(atlas, content(i));
  const took: number[] = [];
  let bytes = 0;
  for (let i = 0; i < IMAGES; i++) {
    const started = performance.now();
    bytes += renderDrawImage(atlas, content(i + 10)).length;
    took.push(performance.now() - started);
  }
  return { ...summary(took), kb: bytes / IMAGES / 1024 };
}

/** CPU seconds and resident MB of the stack's Node processes (the supervisor and its workers). */
function stackUsage(rootPid: number) {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,comm='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, rss, comm]) => ({
      pid: Number(pid),
      ppid: Number(ppid),
      rss: Number(rss),
      comm,
    }));
  const ours = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows)
      if (!ours.has(row.pid) && ours.has(row.ppid) && row.comm === 'node') {
        ours.add(row.pid);
        grew = true;
      }
  }
  const node = rows.filter((row) => ours.has(row.pid));
  // utime + stime in clock ticks (100 a second on Linux): `ps` rounds to whole seconds.
  const ticks = (pid: number) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  return {
    cpu: node.reduce((sum, row) => sum + ticks(row.pid), 0) / 100,
    mb: node.reduce((sum, row) => sum + row.rss, 0) / 1024,
  };
}

async function visitorTimes(url: string, until: () => boolean, atLeast: number) {
  const took: number[] = [];
  while (took.length < atLeast || !until()) {
    const started = performance.now();
    await (await fetch(`${url}/`, { headers: { Accept: 'text/html' } })).text();
    took.push(performance.now() - started);
  }
  return summary(took);
}

/**
 * The stranger, in a thread of its own so that its 20 connections do not queue behind, or in
 * front of, the visitor's requests timed on this thread.
 */
const FLOODER = `
const { parentPort, workerData: { url, addresses } } = require('node:worker_threads');
(async () => {
  const generic = Buffer.from(await (await fetch(url + '/og-image.png')).arrayBuffer());
  let next = 0, numbered = 0, failed = 0;
  const worker = async () => {
    while (next < addresses.length) {
      const response = await fetch(url + addresses[next++]);
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status >= 500) failed += 1;
      else if (response.status === 200 && !body.equals(generic)) numbered += 1;
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  parentPort.postMessage({ numbered, failed });
})();
`;

function flood(url: string, addresses: string[]): Promise<{ numbered: number; failed: number }> {
  const worker = new Worker(FLOODER, { eval: true, workerData: { url, addresses } });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: { numbered: number; failed: number }) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

const render = renderTimes();
console.log(
  `render: p50 ${render.p50.toFixed(1)} ms, p95 ${render.p95.toFixed(1)} ms, ${render.kb.toFixed(0)} KB`,
);

const stack = await startStackProcess({
  port: 0,
  env: { SEED_DEMO: 'false', LOTTERY_TIMEZONE: ZONE },
});
try {
  const today = todayIn(ZONE);
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 1 });
  await pool.query(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
     select d::date, h, to_char(h, 'FM00') || ':30:00', lpad(floor(random() * 10000)::int::text, 4, '0')
       from generate_series($1::date - 30, $1::date - 1, interval '1 day') d cross join generate_series(0, 23) h`,
    [today],
  );
  await pool.end();
  const addresses = Array.from({ length: FLOOD }, (_, i) =>
    i < 720
      ? `/og/draw/${addDays(today, -1 - Math.floor(i / 24))}/${i % 24}.png`
      : `/og/draw/${addDays(today, -31 - Math.floor(i / 24))}/${i % 24}.png`,
  );
  const calm = await visitorTimes(stack.url, () => true, 50);
  // Baseline: the same number of requests for a static file of about the same size.
  const staticStarted = performance.now();
  let staticDone = false;
  const staticFlood = flood(
    stack.url,
    addresses.map((_, i) => `/og-image.png?i=${i}`),
  ).finally(() => (staticDone = true));
  const duringStatic = await visitorTimes(stack.url, () => staticDone, 10);
  await staticFlood;
  const staticSeconds = (performance.now() - staticStarted) / 1000;
  const before = stackUsage(stack.child.pid!);
  const started = performance.now();
  let done = false;
  const flooded = flood(stack.url, addresses).finally(() => (done = true));
  const during = await visitorTimes(stack.url, () => done, 10);
  const { numbered, failed } = await flooded;
  const seconds = (performance.now() - started) / 1000;
  const after = stackUsage(stack.child.pid!);
  console.log(
    `flood: ${FLOOD} distinct images in ${seconds.toFixed(1)} s, ${numbered} with a number, ${failed} 5xx; ` +
      `stack CPU ${(after.cpu - before.cpu).toFixed(1)} s, memory ${before.mb.toFixed(0)} -> ${after.mb.toFixed(0)} MB; ` +
      `visitor / p50 ${calm.p50.toFixed(1)} -> ${during.p50.toFixed(1)} ms, p95 ${calm.p95.toFixed(1)} -> ${during.p95.toFixed(1)} ms; ` +
      `same count of /og-image.png: ${staticSeconds.toFixed(1)} s, visitor p50 ${duringStatic.p50.toFixed(1)} ms, p95 ${duringStatic.p95.toFixed(1)} ms`,
  );
  const figures: Figure[] = [
    { name: 'render one image: p50', unit: 'ms', value: render.p50, better: 'lower' },
    { name: 'render one image: p95', unit: 'ms', value: render.p95, better: 'lower' },
    { name: 'image size', unit: 'KB', value: render.kb, better: 'lower' },
    { name: 'flood: images with a number', unit: 'count', value: numbered, better: 'lower' },
    { name: 'flood: 5xx answers', unit: 'count', value: failed, better: 'lower' },
    {
      name: 'flood: duration',
      unit: 's',
      value: seconds,
      better: 'lower',
      baseline: { name: 'same count of /og-image.png', value: staticSeconds },
    },
    { name: 'flood: stack CPU', unit: 's', value: after.cpu - before.cpu, better: 'lower' },
    {
      name: 'flood: stack memory growth',
      unit: 'MB',
      value: after.mb - before.mb,
      better: 'lower',
    },
    { name: 'visitor / calm: p50', unit: 'ms', value: calm.p50, better: 'lower' },
    { name: 'visitor / calm: p95', unit: 'ms', value: calm.p95, better: 'lower' },
    {
      name: 'visitor / during flood: p50',
      unit: 'ms',
      value: during.p50,
      better: 'lower',
      baseline: { name: 'during a flood of /og-image.png: p50', value: duringStatic.p50 },
    },
    {
      name: 'visitor / during flood: p95',
      unit: 'ms',
      value: during.p95,
      better: 'lower',
      baseline: { name: 'during a flood of /og-image.png: p95', value: duringStatic.p95 },
    },
  ];
  reportFigures(figures);
} finally {
  await stack.stop();
}
