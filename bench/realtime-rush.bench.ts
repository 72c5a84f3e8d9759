/**
 * Realtime near its floor: N sockets (default 10,000) on the stack beside the same N on the
 * minimal pg_notify fan-out (bench/lib/realtime-floor.ts: plain `ws`, one LISTEN, one frame for
 * all), in the same run and alternating, so load from whoever else shares the machine falls on
 * both. Per side: the time to open all N (the stack: connect, phx_join as anon for INSERTs on
 * lottery_results, until its `system` ok; the floor: plain websocket connects), then `inserts`
 * rows inserted one at a time through `pg`, each timed per socket from the insert being issued to
 * its frame arriving; the server process's CPU per insert, and its resident memory per socket
 * (growth of RSS over the first round's joins, from the idle process).
 *
 *   npx tsx bench/realtime-rush.bench.ts [--sockets=10000] [--inserts=10] [--rounds=2]
 *
 * Targets (issue 26): delivery p50 ≤ 1.5× the floor's, joins ≤ 2× the floor's, none missed.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { startStackProcess } from '../tests/utils/stack-process.ts';
import { workerPid } from '../tests/utils/stack-workers.ts';
import { reportFigures, reportProblem } from './lib/figures.ts';
import { countOption } from './lib/lottery-day.ts';
import { FLOOR_SCHEMA, FLOOR_SETUP } from './lib/realtime-floor.ts';
import {
  floorFleet,
  processUsage,
  stackFleet,
  type Fleet,
  type OnRow,
} from './lib/realtime-fleet.ts';

const SOCKETS = countOption('sockets', 'BENCH_SOCKETS', 10_000);
const INSERTS = countOption('inserts', 'BENCH_INSERTS', 10);
const ROUNDS = countOption('rounds', 'BENCH_ROUNDS', 2);
const IN_FLIGHT = 100;
const DEADLINE_MS = 15_000;

interface Side {
  joins: number[];
  latencies: number[];
  missed: number;
  cpuPerInsert: number[];
  bytesPerSocket: number[];
}
const side = (): Side => ({
  joins: [],
  latencies: [],
  missed: 0,
  cpuPerInsert: [],
  bytesPerSocket: [],
});

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const percentile = (values: number[], p: number) => {
  const s = sorted(values);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};
const median = (values: number[]) => percentile(values, 50);

/** Opens the fleet, times `INSERTS` rows to every socket, measures the server, closes. */
async function phase(
  into: Side,
  pid: number,
  open: (onRow: OnRow) => Promise<Fleet>,
  insert: (id: string, n: number) => Promise<unknown>,
): Promise<void> {
  const sentAt = new Map<string, number>();
  const got = new Map<string, number>();
  const onRow: OnRow = (_, id) => {
    const start = sentAt.get(id);
    if (start === undefined) return;
    into.latencies.push(performance.now() - start);
    got.set(id, (got.get(id) ?? 0) + 1);
  };
  const before = processUsage(pid);
  const fleet = await open(onRow);
  try {
    into.joins.push(fleet.joinMs);
    await new Promise((resolve) => setTimeout(resolve, 500)); // joins' last frames settle
    const joined = processUsage(pid);
    // From the first round only: after it, what V8 kept of the last round's sockets blurs RSS.
    if (into.joins.length === 1)
      into.bytesPerSocket.push((joined.rssBytes - before.rssBytes) / SOCKETS);
    for (let n = 0; n < INSERTS; n++) {
      const id = crypto.randomUUID();
      got.set(id, 0);
      sentAt.set(id, performance.now());
      await insert(id, n);
      const deadline = performance.now() + DEADLINE_MS;
      while (got.get(id)! < SOCKETS && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 2));
      into.missed += SOCKETS - got.get(id)!;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    into.cpuPerInsert.push((processUsage(pid).cpuMs - joined.cpuMs) / INSERTS);
  } finally {
    fleet.close();
    await new Promise((resolve) => setTimeout(resolve, 1000)); // closes reach the server
  }
}

function startFloor(databaseUrl: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/lib/realtime-floor.ts', databaseUrl],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^port (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the floor server exited with ${code}`)));
  });
  return { child, port };
}

async function main(): Promise<void> {
  const stack = await startStackProcess({
    port: 0,
    echo: true,
    env: {
      SEED_DEMO: 'false',
      REALTIME_MAX_SOCKETS: String(SOCKETS),
      REALTIME_MAX_SOCKETS_PER_IP: String(SOCKETS),
    },
  });
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 1 });
  const floor = startFloor(stack.databaseUrl);
  const [stackSide, floorSide] = [side(), side()];
  const load: number[] = [os.loadavg()[0]!];
  try {
    await pool.query(FLOOR_SETUP);
    const port = await floor.port;
    const stackPid = workerPid(stack, 'realtime');
    if (!stackPid) throw new Error('no realtime worker found');
    const row = (table: string) => (id: string, n: number) =>
      pool.query(
        `insert into ${table} ("id", "draw_date", "draw_hour", "draw_time", "first_prize")
         values ($1, '2024-02-01'::date + $2::int / 24, $2::int % 24, to_char($2::int % 24, 'FM00') || ':30:00', '1234')`,
        [id, n],
      );
    for (let round = 0; round < ROUNDS; round++) {
      const clear = `delete from "public"."lottery_results" where "draw_date" >= '2024-02-01' and "draw_date" < '2024-03-01'`;
      await pool.query(clear);
      await pool.query(`truncate "${FLOOR_SCHEMA}"."results"`);
      await phase(
        floorSide,
        floor.child.pid!,
        (onRow) => floorFleet(port, SOCKETS, IN_FLIGHT, onRow),
        row(`"${FLOOR_SCHEMA}"."results"`),
      );
      await phase(
        stackSide,
        stackPid,
        (onRow) => stackFleet(stack.url, stack.anonKey, SOCKETS, IN_FLIGHT, onRow),
        row('"public"."lottery_results"'),
      );
      load.push(os.loadavg()[0]!);
    }
    report(stackSide, floorSide, load);
  } finally {
    floor.child.kill('SIGTERM');
    await pool.end();
    await stack.stop();
  }
}

function report(stack: Side, floor: Side, load: number[]): void {
  const ms = (v: number) => `${v.toFixed(v < 100 ? 1 : 0)} ms`;
  const kb = (v: number) => `${(v / 1024).toFixed(1)} KiB`;
  const figures = (s: Side) => ({
    join: median(s.joins),
    p50: percentile(s.latencies, 50),
    p95: percentile(s.latencies, 95),
    cpu: median(s.cpuPerInsert),
    memory: median(s.bytesPerSocket),
  });
  const [st, fl] = [figures(stack), figures(floor)];
  console.log(`\nRealtime at ${SOCKETS} sockets, ${INSERTS} inserts x ${ROUNDS} rounds`);
  console.log(`load average (1 min) per round: ${load.map((l) => l.toFixed(2)).join(', ')}\n`);
  console.log(
    '| side | joins | delivery p50 | p95 | CPU per insert | memory per socket | missed |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, f, s] of [
    ['stack', st, stack],
    ['floor', fl, floor],
  ] as const)
    console.log(
      `| ${name} | ${ms(f.join)} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.cpu)} | ${kb(f.memory)} | ${s.missed} |`,
    );
  const [p50Ratio, joinRatio] = [st.p50 / fl.p50, st.join / fl.join];
  console.log(
    `\ndelivery p50 ${p50Ratio.toFixed(2)}x the floor (≤ 1.5), joins ${joinRatio.toFixed(2)}x (≤ 2)`,
  );
  const problems = [
    stack.missed + floor.missed > 0 &&
      `missed deliveries: stack ${stack.missed}, floor ${floor.missed}`,
    p50Ratio > 1.5 && `delivery p50 ${p50Ratio.toFixed(2)}x the floor > 1.5x`,
    joinRatio > 2 && `joins ${joinRatio.toFixed(2)}x the floor > 2x`,
  ].filter((p): p is string => typeof p === 'string');
  for (const problem of problems) reportProblem(problem);
  console.log(problems.length === 0 ? 'PASS' : `FAIL: ${problems.join('; ')}`);
  if (problems.length > 0) process.exitCode = 1;
  const floorOf = (name: string, value: number) => ({ name: `floor: ${name}`, value });
  const n = SOCKETS.toLocaleString('en');
  reportFigures([
    {
      name: `joins (${n} sockets)`,
      unit: 'ms',
      value: st.join,
      better: 'lower',
      baseline: floorOf('plain connects', fl.join),
    },
    {
      name: `delivery p50 (${n} sockets)`,
      unit: 'ms',
      value: st.p50,
      better: 'lower',
      baseline: floorOf('p50', fl.p50),
    },
    {
      name: `delivery p95 (${n} sockets)`,
      unit: 'ms',
      value: st.p95,
      better: 'lower',
      baseline: floorOf('p95', fl.p95),
    },
    {
      name: 'CPU per insert',
      unit: 'ms',
      value: st.cpu,
      better: 'lower',
      baseline: floorOf('CPU per insert', fl.cpu),
    },
    {
      name: 'memory per socket',
      unit: 'KiB',
      value: st.memory / 1024,
      better: 'lower',
      baseline: floorOf('memory per socket', fl.memory / 1024),
    },
    {
      name: `delivery p50 ÷ floor (${n} sockets)`,
      unit: '×',
      value: p50Ratio,
      better: 'lower',
    },
    { name: `joins ÷ floor (${n} sockets)`, unit: '×', value: joinRatio, better: 'lower' },
    { name: 'deliveries missed', unit: 'count', value: stack.missed, better: 'lower' },
  ]);
}

await main();
