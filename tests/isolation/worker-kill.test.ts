// npm start runs each group of services in a process of its own (ADR 017): SIGKILL one worker and
// the others keep serving, the dead one is back within seconds, and the 503 while it is down.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStackProcess, type StackProcess } from '../utils/stack-process.ts';
import {
  getFresh,
  insertResult,
  longestGap,
  runStarts,
  scheduleEverySecond,
  waitForWorker,
  waitUntil,
  workerPid,
  stackClients,
} from '../utils/stack-workers.ts';
import { waitFor } from '../utils/wait-for.ts';
import { allow } from '../utils/load-factor.ts';

let stack: StackProcess;
let pool: pg.Pool;
let supabase: SupabaseClient;

beforeAll(async () => {
  // The mailbox is a development tool, off unless switched on (ADR 019); it is one of the http pages watched here.
  stack = await startStackProcess({
    port: 0,
    env: { SEED_DEMO: 'false', AUTO_DRAW: '1', MAILBOX: 'on' },
  });
  ({ pool, supabase } = stackClients(stack));
}, allow(180_000));

afterAll(async () => {
  await supabase?.removeAllChannels();
  await pool?.end();
  await stack?.stop();
}, allow(60_000));

/** A channel on lottery_results that records every change and every status it goes through. */
function watchResults(name: string) {
  const changes: Array<{ id?: string; first_prize?: string }> = [];
  const statuses: string[] = [];
  const channel: RealtimeChannel = supabase
    .channel(name)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'lottery_results' }, (p) =>
      changes.push(p.new as { id?: string; first_prize?: string }),
    )
    .subscribe((status) => void statuses.push(status));
  return { channel, changes, statuses };
}

/** Reads REST, auth and a page every 100 ms until stopped; returns every status seen. */
function probeHttp() {
  const seen: number[] = [];
  let running = true;
  const headers = { apikey: stack.anonKey };
  const loop = (async () => {
    while (running) {
      const answers = await Promise.all([
        fetch(`${stack.url}/rest/v1/lottery_results?select=id&limit=1`, { headers }),
        fetch(`${stack.url}/auth/v1/health`, { headers }),
        fetch(`${stack.url}/mailbox/api/messages`),
      ]);
      for (const answer of answers) {
        seen.push(answer.status);
        await answer.arrayBuffer();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return seen;
    },
  };
}

describe('services apart (ADR 017)', () => {
  it('a killed realtime worker leaves REST, auth and pages answering and comes back; channels re-subscribe', async () => {
    const watched = watchResults('iso-kill-realtime');
    await waitFor(() => watched.statuses.includes('SUBSCRIBED'), allow(20_000));
    const before = workerPid(stack, 'realtime')!;
    const probe = probeHttp();
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(before, 'SIGKILL');
    const killedAt = Date.now();
    const after = await waitForWorker(stack, 'realtime', before);
    // realtime-js reconnects by itself and joins its channels again.
    const subscribedAgain = () =>
      watched.statuses.lastIndexOf('SUBSCRIBED') > watched.statuses.indexOf('SUBSCRIBED');
    await waitFor(subscribedAgain, allow(30_000));
    const seen = await probe.stop();
    expect(after).not.toBe(before);
    expect(seen.length).toBeGreaterThan(9);
    expect(seen.filter((status) => status !== 200)).toEqual([]);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(stack.output.join('\n')).toMatch(
      new RegExp(`the realtime worker \\(pid ${before}\\) died: signal SIGKILL`),
    );

    const id = await insertResult(pool, 1, '4321');
    await waitFor(() => watched.changes.some((row) => row.id === id), allow(10_000));
    await supabase.removeChannel(watched.channel);
  });

  it('a killed http worker answers 503 meanwhile, leaves the scheduler on time and websockets connected', async () => {
    const jobid = await scheduleEverySecond(pool, 'iso-kill-http');
    const watched = watchResults('iso-kill-http');
    await waitFor(() => watched.statuses.includes('SUBSCRIBED'), allow(20_000));
    const before = workerPid(stack, 'http')!;
    const since = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    process.kill(before, 'SIGKILL');
    await waitFor(
      () => stack.output.some((line) => line.includes(`(pid ${before}) died`)),
      allow(5_000),
    );

    // While it is down: an answer at once, never a hang. (Connections it held died with it.)
    const asked = Date.now();
    const down = await getFresh(`${stack.url}/rest/v1/lottery_results?select=id`, {
      apikey: stack.anonKey,
    });
    expect(Date.now() - asked).toBeLessThan(2_000);
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBe('2');
    expect(JSON.parse(down.body)).toEqual({ message: expect.stringMatching(/restarting/) });

    // The live socket never noticed: a change arrives on it while REST is down.
    const id = await insertResult(pool, 2, '5678');
    await waitFor(() => watched.changes.some((row) => row.id === id), allow(5_000));
    const after = await waitForWorker(stack, 'http', before);
    await waitUntil(
      async () =>
        (await getFresh(`${stack.url}/auth/v1/health`, { apikey: stack.anonKey })).status === 200,
      allow(30_000),
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const until = Date.now();

    expect(after).not.toBe(before);
    expect(watched.statuses.filter((status) => status !== 'SUBSCRIBED')).toEqual([]);
    const starts = await runStarts(pool, jobid, since);
    expect(starts.length).toBeGreaterThan(3);
    // Every second, give or take the scheduler's one-second poll: never held up by the kill.
    expect(longestGap(starts, until)).toBeLessThan(2_600);
    await pool.query(`select cron.unschedule('iso-kill-http')`);
  });
});
