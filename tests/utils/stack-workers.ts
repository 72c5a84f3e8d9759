// The worker processes of a stack started as `npm start` starts it (server/src/supervisor/,
// ADR 017), found by their command line under the supervisor, and the probes the isolation
// tests (tests/isolation/) share.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import type { StackProcess } from './stack-process.ts';

/**
 * What an isolation test reaches a stack with: a small pool as `postgres` (writes, cron jobs)
 * and a visitor's supabase-js client (anon, realtime over `ws`).
 */
export function stackClients(stack: StackProcess): { pool: pg.Pool; supabase: SupabaseClient } {
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  const supabase = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  return { pool, supabase };
}

export type WorkerGroup = 'http' | 'realtime' | 'functions' | 'cron';

/** The pid of a group's worker now running under the stack's supervisor, if any. */
export function workerPid(stack: StackProcess, group: WorkerGroup): number | undefined {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(stack.child.pid)], {
    encoding: 'utf8',
  });
  for (const line of out.split('\n')) {
    const match = /^\s*(\d+)\s+(.*)$/.exec(line);
    // worker.ts under tsx, worker.js in the compiled server (ADR 031).
    const worker = /(supervisor\/worker\.ts|\/worker\.js) /.test(match?.[2] ?? '');
    if (match && worker && match[2]!.endsWith(` ${group}`)) return Number(match[1]);
  }
  return undefined;
}

/** Waits until a group's worker runs with a pid other than `not` (a restart). */
export async function waitForWorker(
  stack: StackProcess,
  group: WorkerGroup,
  not?: number,
  timeoutMs = 30_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pid = workerPid(stack, group);
    if (pid !== undefined && pid !== not) return pid;
    if (Date.now() > deadline) throw new Error(`no new ${group} worker within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Schedules a job every second through pg_cron's API as postgres; returns its jobid. */
export async function scheduleEverySecond(pool: pg.Pool, name: string): Promise<string> {
  const { rows } = await pool.query<{ jobid: string }>(
    `select cron.schedule($1, '1 seconds', 'select 1')::text as "jobid"`,
    [name],
  );
  return rows[0]!.jobid;
}

/** Start times (ms) of a job's runs since `since`, from cron.job_run_details as pg_cron keeps it. */
export async function runStarts(pool: pg.Pool, jobid: string, since: number): Promise<number[]> {
  const { rows } = await pool.query<{ t: string }>(
    `select (extract(epoch from "start_time") * 1000)::float8::text as "t"
       from cron.job_run_details where "jobid" = $1 and "start_time" >= to_timestamp($2 / 1000.0)
      order by "start_time"`,
    [jobid, since],
  );
  return rows.map((row) => Number(row.t));
}

/** The longest gap between consecutive runs, and from the last run to `until`. */
export function longestGap(starts: number[], until: number): number {
  let gap = 0;
  for (let i = 1; i < starts.length; i++) gap = Math.max(gap, starts[i]! - starts[i - 1]!);
  return Math.max(gap, until - (starts[starts.length - 1] ?? 0));
}

/** Inserts a published result (a past day) as postgres; realtime sends it to anon subscribers. */
export async function insertResult(pool: pg.Pool, hour: number, prize = '1234'): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into "public"."lottery_results" ("draw_date", "draw_hour", "draw_time", "first_prize")
     values ('2024-02-01', $1::int, to_char($1::int, 'FM00') || ':30:00', $2)
     on conflict ("draw_date", "draw_hour") do update set "first_prize" = excluded."first_prize"
     returning "id"::text as "id"`,
    [hour, prize],
  );
  return rows[0]!.id;
}

/** Polls an async check (a request) until it holds. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`not so within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A GET on a connection of its own (never one a pool kept alive to a worker now gone). */
export function getFresh(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
  });
}

/** Waits until the worker serving `path` answers (anything but the supervisor's 503). */
export async function waitForServing(
  stack: StackProcess,
  path: string,
  timeoutMs = 30_000,
): Promise<void> {
  await waitUntil(async () => (await getFresh(`${stack.url}${path}`)).status !== 503, timeoutMs);
}
