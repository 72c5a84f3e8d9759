// One day's results through /rest/v1 as anon at 50 connections, not asking for compression and
// asking as a browser does, beside the same query through `pg` from one process. Run: `npx tsx bench/rest.bench.ts [seconds]`.
// The stack runs as `npm start` runs it (tests/utils/stack-process.ts), so the load generator does
// not share its event loop. `npm run bench` repeats it and records the figures in docs/benchmarks.md.
import { performance } from 'node:perf_hooks';
import { startStackProcess, type StackProcess } from '../tests/utils/stack-process.ts';
import autocannon from 'autocannon';
import pg from 'pg';
import { reportFigures } from './lib/figures.ts';

const DAY = '2024-05-01';
const CONNECTIONS = 50;
const SECONDS = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 10);
const POOL_SIZE = 20; // the stack's own pool size (server/src/db/database.ts)

/** The stack as `npm start` runs it (tests/utils/stack-process.ts), over a database with one day. */
async function serve(): Promise<StackProcess> {
  const stack = await startStackProcess({ port: 0, env: { SEED_DEMO: 'false' } });
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 1 });
  try {
    await pool.query(
      `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
       select $1::date, h, to_char(h, 'FM00') || ':30:00', lpad((h * 397 % 10000)::text, 4, '0')
       from generate_series(0, 23) h on conflict do nothing`,
      [DAY],
    );
  } finally {
    await pool.end();
  }
  return stack;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The baseline: the same day query, 50 at a time, over a pool like the stack's, in this process. */
async function rawPg(databaseUrl: string): Promise<{ rps: number; p50: number; p99: number }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const sql = 'select * from public.lottery_results where draw_date = $1 order by draw_hour desc';
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const { rowCount } = await pool.query(sql, [DAY]);
        if (rowCount !== 24) throw new Error(`expected 24 rows, got ${rowCount}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  await pool.end();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function main(): Promise<void> {
  const served = await serve();
  const url = `${served.url}/rest/v1/lottery_results?select=*&draw_date=eq.${DAY}&order=draw_hour.desc`;
  const headers = { apikey: served.anonKey, Authorization: `Bearer ${served.anonKey}` };
  try {
    const check = await fetch(url, { headers });
    if (check.status !== 200 || (await check.json()).length !== 24)
      throw new Error(`unexpected answer ${check.status}`);
    await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 }); // warm-up
    const rest = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
    if (rest.non2xx > 0 || rest.errors > 0)
      throw new Error(`${rest.non2xx} non-2xx answers, ${rest.errors} errors`);
    // As a browser asks: the stack then sends the day's 6 KB as brotli (server/src/rest/compress.ts).
    const browserHeaders = { ...headers, 'Accept-Encoding': 'gzip, deflate, br' };
    const asBrowser = await fetch(url, { headers: browserHeaders });
    await asBrowser.arrayBuffer();
    if (asBrowser.headers.get('content-encoding') !== 'br')
      throw new Error(`brotli asked, got ${asBrowser.headers.get('content-encoding') ?? 'none'}`);
    const compressed = await autocannon({
      url,
      headers: browserHeaders,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    if (compressed.non2xx > 0 || compressed.errors > 0)
      throw new Error(
        `brotli asked: ${compressed.non2xx} non-2xx answers, ${compressed.errors} errors`,
      );
    const raw = await rawPg(served.databaseUrl);
    const rows = [
      ['/rest/v1 (HTTP, anon, RLS)', rest.requests.average, rest.latency.p50, rest.latency.p99],
      [
        '/rest/v1, brotli asked',
        compressed.requests.average,
        compressed.latency.p50,
        compressed.latency.p99,
      ],
      ['pg, one process (superuser)', raw.rps, raw.p50, raw.p99],
    ] as const;
    console.log(`\nOne day's results (24 rows), ${CONNECTIONS} concurrent, ${SECONDS}s each\n`);
    console.log('| path | req/s | p50 ms | p99 ms |\n|---|---:|---:|---:|');
    for (const [name, rps, p50, p99] of rows)
      console.log(`| ${name} | ${Math.round(rps)} | ${p50.toFixed(1)} | ${p99.toFixed(1)} |`);
    console.log(
      `\nREST / pg throughput: ${(rest.requests.average / raw.rps).toFixed(2)} (targets: ≥ 2,500 req/s, p99 ≤ 50 ms)`,
    );
    // The baseline is the same query through `pg` (superuser, no HTTP, no RLS) in this process.
    const viaPg = (what: string, value: number) => ({ name: `same query via pg: ${what}`, value });
    reportFigures([
      {
        name: 'one day as anon: throughput',
        unit: 'req/s',
        value: rest.requests.average,
        better: 'higher',
        baseline: viaPg('throughput', raw.rps),
      },
      {
        name: 'one day as anon: p50 latency',
        unit: 'ms',
        value: rest.latency.p50,
        better: 'lower',
        baseline: viaPg('p50 latency', raw.p50),
      },
      {
        name: 'one day as anon: p99 latency',
        unit: 'ms',
        value: rest.latency.p99,
        better: 'lower',
        baseline: viaPg('p99 latency', raw.p99),
      },
      // What compressing costs: the same reads asking for it, against the run above.
      {
        name: 'brotli asked: throughput',
        unit: 'req/s',
        value: compressed.requests.average,
        better: 'higher',
        baseline: { name: 'not asked: throughput', value: rest.requests.average },
      },
      {
        name: 'brotli asked: p50 latency',
        unit: 'ms',
        value: compressed.latency.p50,
        better: 'lower',
        baseline: { name: 'not asked: p50 latency', value: rest.latency.p50 },
      },
    ]);
  } finally {
    await served.stop();
  }
}

await main();
