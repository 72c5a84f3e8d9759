/**
 * Realtime fan-out: N sockets (plain `ws` clients speaking Phoenix vsn 2.0.0, as realtime-js
 * does) subscribe as anon to INSERTs on lottery_results; published results are inserted one at a
 * time and each socket's delivery latency (insert issued → frame received) is recorded.
 *
 *   npx tsx bench/realtime.bench.ts [sockets=1000] [inserts=20]
 *
 * Target (docs/benchmarks.md): every socket receives each insert, p99 ≤ 500 ms, on the 2-core machine.
 * The stack (server/src/main.ts, no demo data) runs in a child process; the sockets and the
 * inserts (`pg`, superuser) run here. Both share the machine's two cores.
 */
import pg from 'pg';
import type { RawSocket } from '../tests/utils/phoenix-socket.ts';
import { openResultsSocket } from '../tests/utils/results-socket.ts';
import { ensureBuild } from '../tests/utils/ensure-build.ts';
import { reportFigures, reportProblem } from './lib/figures.ts';
import { startStackProcess } from '../tests/utils/stack-process.ts';

const SOCKETS = Number(process.argv[2] ?? 1000);
const INSERTS = Number(process.argv[3] ?? 20);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main(): Promise<void> {
  ensureBuild(); // main.ts serves dist/ and refuses to start without it
  const stack = await startStackProcess({ port: 0, env: { SEED_DEMO: 'false' }, echo: true });
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 1 });
  const sockets: RawSocket[] = [];
  try {
    const sentAt = new Map<string, number>();
    const latencies = new Map<string, number[]>();
    const onChange = (id: string) => {
      const start = sentAt.get(id);
      if (start !== undefined) latencies.get(id)!.push(performance.now() - start);
    };
    const joinStart = performance.now();
    for (let i = 0; i < SOCKETS; i += 50) {
      const batch = Array.from({ length: Math.min(50, SOCKETS - i) }, (_, j) =>
        openResultsSocket({
          apiUrl: stack.url,
          anonKey: stack.anonKey,
          topic: `realtime:today-${i + j}`,
          event: 'INSERT',
          onChange: (change) => change.record && onChange(change.record.id),
        }),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    console.log(
      `${SOCKETS} sockets subscribed in ${(performance.now() - joinStart).toFixed(0)} ms`,
    );

    await pool.query(`delete from "public"."lottery_results" where "draw_date" = '2024-02-01'`);
    for (let hour = 0; hour < INSERTS; hour++) {
      const id = crypto.randomUUID();
      latencies.set(id, []);
      sentAt.set(id, performance.now());
      await pool.query(
        `insert into "public"."lottery_results" ("id", "draw_date", "draw_hour", "draw_time", "first_prize")
         values ($1, '2024-02-01', $2::int, to_char($2::int, 'FM00') || ':30:00', '1234')`,
        [id, hour % 24],
      );
      const deadline = Date.now() + 5000;
      while (latencies.get(id)!.length < SOCKETS && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 100));
    }

    const all = [...latencies.values()].flat().sort((a, b) => a - b);
    const missing = INSERTS * SOCKETS - all.length;
    const line = (label: string, values: number[]) =>
      console.log(
        `${label}: p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${values.at(-1)?.toFixed(1)} ms`,
      );
    line(`${INSERTS} inserts x ${SOCKETS} sockets`, all);
    console.log(`deliveries: ${all.length}/${INSERTS * SOCKETS} (missing ${missing})`);
    const p99 = percentile(all, 99);
    console.log(missing === 0 && p99 <= 500 ? 'PASS (p99 ≤ 500 ms, all delivered)' : 'FAIL');
    process.exitCode = missing === 0 && p99 <= 500 ? 0 : 1;
    if (missing > 0) reportProblem(`${missing} of ${INSERTS * SOCKETS} deliveries missing`);
    if (p99 > 500) reportProblem(`delivery p99 ${p99.toFixed(1)} ms > 500 ms`);
    const latency = (name: string, value: number) =>
      ({ name, unit: 'ms', value, better: 'lower' }) as const;
    reportFigures([
      latency(`delivery p50 (${SOCKETS} sockets)`, percentile(all, 50)),
      latency(`delivery p99 (${SOCKETS} sockets)`, p99),
      latency(`delivery max (${SOCKETS} sockets)`, all.at(-1) ?? NaN),
      { name: 'deliveries missed', unit: 'count', value: missing, better: 'lower' },
    ]);
  } finally {
    for (const socket of sockets) socket.close();
    await pool.end();
    await stack.stop();
  }
}

await main();
