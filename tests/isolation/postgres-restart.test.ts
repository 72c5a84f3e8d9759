// The embedded PostgreSQL dies under a running stack (the OOM killer, a kill -9): the supervisor
// starts it again on its port with its data (server/src/db/cluster.ts), and every worker carries on
// by itself: the scheduler runs its jobs again, REST answers, a live channel gets the next change.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStackProcess, type StackProcess } from '../utils/stack-process.ts';
import {
  insertResult,
  runStarts,
  scheduleEverySecond,
  stackClients,
  waitUntil,
} from '../utils/stack-workers.ts';
import { waitFor } from '../utils/wait-for.ts';
import { allow } from '../utils/load-factor.ts';

let stack: StackProcess;
let pool: pg.Pool;
let supabase: SupabaseClient;

beforeAll(async () => {
  stack = await startStackProcess({ port: 0, env: { SEED_DEMO: 'false' } });
  ({ pool, supabase } = stackClients(stack));
}, allow(180_000));

afterAll(async () => {
  await supabase?.removeAllChannels();
  if (!pool?.ended) await pool?.end();
  await stack?.stop();
}, allow(60_000));

const postmasterPid = () =>
  Number(
    readFileSync(path.join(stack.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  );

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** REST as a visitor reads it, every 100 ms until stopped: each status, and the slowest answer. */
function probeRest() {
  const seen = new Set<number>();
  let slowestMs = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const asked = Date.now();
      const answer = await fetch(`${stack.url}/rest/v1/lottery_results?select=id&limit=1`, {
        headers: { apikey: stack.anonKey },
      });
      await answer.arrayBuffer();
      seen.add(answer.status);
      slowestMs = Math.max(slowestMs, Date.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { seen: [...seen].sort(), slowestMs };
    },
  };
}

it('a killed PostgreSQL is started again, and the scheduler, REST and live channels carry on', async () => {
  const changes: string[] = [];
  const statuses: string[] = [];
  const channel = supabase
    .channel('pg-restart')
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'lottery_results' }, (p) =>
      changes.push((p.new as { id: string }).id),
    )
    .subscribe((status) => void statuses.push(status));
  await waitFor(() => statuses.includes('SUBSCRIBED'), allow(20_000));
  const jobid = await scheduleEverySecond(pool, 'pg-restart');

  const before = postmasterPid();
  const probe = probeRest();
  process.kill(before, 'SIGKILL');
  const killedAt = Date.now();
  await waitFor(
    () => stack.output.some((line) => line.includes('PostgreSQL is running again')),
    allow(30_000),
  );
  expect(stack.output.join('\n')).toContain('PostgreSQL exited (SIGKILL); starting it again');
  const after = postmasterPid();
  expect(after).not.toBe(before);
  expect(alive(after)).toBe(true);

  // The scheduler (the cron worker's own pool) runs its every-second job again.
  await waitUntil(async () => (await runStarts(pool, jobid, killedAt)).length >= 2, allow(15_000));
  // A visitor meanwhile got answers, never a hang: 503 while the database was away, then 200.
  await waitUntil(async () => {
    const answer = await fetch(`${stack.url}/rest/v1/lottery_results?select=id&limit=1`, {
      headers: { apikey: stack.anonKey },
    });
    await answer.arrayBuffer();
    return answer.status === 200;
  }, allow(15_000));
  const { seen, slowestMs } = await probe.stop();
  expect(seen.filter((status) => status !== 200 && status !== 503)).toEqual([]);
  expect(slowestMs).toBeLessThan(allow(5_000));

  // Changes made while realtime could not listen are unknown to it: it asks its channels to join
  // again (the app then reads the day afresh), and the channel gets the next change.
  const joins = () => statuses.filter((status) => status === 'SUBSCRIBED').length;
  await waitFor(() => joins() >= 2, allow(15_000));
  const id = await insertResult(pool, 3, '2468');
  await waitFor(() => changes.includes(id), allow(10_000));
  await supabase.removeChannel(channel);
  await pool.query('select cron.unschedule($1::bigint)', [jobid]);

  // Stopping the stack stops the PostgreSQL it started again: nothing is left running.
  await pool.end();
  await stack.stop();
  await waitFor(() => !alive(after), allow(10_000));
});
