// "Check my number" and the statistics through /rest/v1/rpc as anon, over ten years of hourly
// draws (87,600 rows, every one published), beside the same calls through `pg` as superuser.
// Run: `npx tsx bench/check-stats.bench.ts [requests]`. The stack runs in a child process so
// this process's timing loop does not share its event loop. One visitor at a time: these are
// the latencies a visitor waits for, each request after the last.
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { reportFigures, type Figure } from './lib/figures.ts';

const ROWS = 87_600;
const REQUESTS = Number(process.argv[2] ?? process.env.BENCH_REQUESTS ?? 60);

interface Served {
  url: string;
  anonKey: string;
  databaseUrl: string;
}

/** Child: the stack (API only) over ten years of hourly draws ending yesterday. */
async function serve(): Promise<void> {
  const { startStack } = await import('../server/src/stack.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-bench-'));
  const stack = await startStack({
    port: 0,
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    seedDemo: false,
    distDir: null,
    databaseUrl: process.env.DATABASE_URL,
  });
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 1 });
  await pool.query(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
     select d::date, h, to_char(h, 'FM00') || ':30:00', lpad(floor(random() * 10000)::int::text, 4, '0')
       from generate_series(current_date - $1::int, current_date - 1, interval '1 day') d
      cross join generate_series(0, 23) h`,
    [ROWS / 24],
  );
  await pool.query('analyze public.lottery_results');
  await pool.end();
  const served: Served = { url: stack.url, anonKey: stack.anonKey, databaseUrl: stack.databaseUrl };
  console.log(JSON.stringify(served));
  const shutdown = async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

const digits = (length: number) => String(randomInt(0, 10 ** length)).padStart(length, '0');
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** p50 and p95 of `REQUESTS` runs of `once`, after a few to warm up. */
async function time(once: () => Promise<void>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i++) await once();
  const took: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await once();
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return { p50: percentile(took, 50), p95: percentile(took, 95) };
}

interface Case {
  name: string;
  /** What the page asks: its REST calls, in parallel as the page makes them. */
  rest: () => string[];
  /** The same work as SQL through pg, for the baseline. */
  sql: () => Array<[string, unknown[]]>;
}

// The page's first view: one call, the newest 10 of each tier and each tier's count.
const checkSql = 'select * from public.check_number($1, null, 10)';
const checkUrl = (n: string) => `/rest/v1/rpc/check_number?n=${n}&per_tier=10`;

const CASES: Case[] = [
  // A fresh random number every request, in both paths: no request is answered from the
  // same pages of the index as the one before.
  ...([4, 3, 2] as const).map((length) => ({
    name: `check ${length} digits`,
    rest: () => [checkUrl(digits(length))],
    sql: () => [[checkSql, [digits(length)]] as [string, unknown[]]],
  })),
  ...(['7d', '30d', '365d', 'all'] as const).map((period) => ({
    name: `stats ${period}`,
    rest: () => [`/rest/v1/rpc/draw_stats?period=${period}`],
    sql: () => [['select public.draw_stats($1)', [period]] as [string, unknown[]]],
  })),
];

async function main(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on(
      'line',
      (text) => text.startsWith('{"url"') && resolve(text),
    );
    child.once('exit', (code) => reject(new Error(`stack exited with ${code}`)));
  });
  const served = JSON.parse(line) as Served;
  const headers = {
    apikey: served.anonKey,
    Authorization: `Bearer ${served.anonKey}`,
    Prefer: 'count=exact',
  };
  const pool = new pg.Pool({ connectionString: served.databaseUrl, max: 3 });
  const figures: Figure[] = [];
  try {
    const { rows } = await pool.query('select count(*)::int as n from public.lottery_results');
    if (rows[0].n !== ROWS) throw new Error(`expected ${ROWS} rows, got ${rows[0].n}`);
    console.log(`\n${ROWS} published draws, ${REQUESTS} requests each, one at a time\n`);
    console.log(
      '| case | REST p50 ms | REST p95 ms | pg p50 ms | pg p95 ms |\n|---|---:|---:|---:|---:|',
    );
    for (const spec of CASES) {
      const rest = await time(async () => {
        const answers = await Promise.all(
          spec.rest().map((url) => fetch(served.url + url, { headers })),
        );
        for (const answer of answers) {
          if (answer.status !== 200 && answer.status !== 206)
            throw new Error(`${spec.name}: ${answer.status} ${await answer.text()}`);
          await answer.arrayBuffer();
        }
      });
      const raw = await time(async () => {
        await Promise.all(spec.sql().map(([sql, values]) => pool.query(sql, values)));
      });
      console.log(
        `| ${spec.name} | ${rest.p50.toFixed(1)} | ${rest.p95.toFixed(1)} | ${raw.p50.toFixed(1)} | ${raw.p95.toFixed(1)} |`,
      );
      for (const [what, value, baseline] of [
        ['p50', rest.p50, raw.p50],
        ['p95', rest.p95, raw.p95],
      ] as const)
        figures.push({
          name: `${spec.name}: ${what}`,
          unit: 'ms',
          value,
          better: 'lower',
          baseline: { name: `same SQL via pg: ${what}`, value: baseline },
        });
    }
    reportFigures(figures);
  } finally {
    await pool.end();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

await (process.argv.includes('--serve') ? serve() : main());
