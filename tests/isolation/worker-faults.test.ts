// A realtime worker that exhausts its heap, an http worker whose event loop is held, and a
// functions worker held or killed, touch nothing else (ADR 017, 028): the scheduler keeps its
// second, realtime keeps delivering and REST keeps answering. The
// faults are the test-only hooks of server/src/supervisor/test-hooks.ts (LOTTO24_TEST_HOOKS=1).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawSocket } from '../utils/phoenix-socket.ts';
import { openResultsSocket, type ResultChange } from '../utils/results-socket.ts';
import { startStackProcess, type StackProcess } from '../utils/stack-process.ts';
import {
  getFresh,
  insertResult,
  longestGap,
  runStarts,
  scheduleEverySecond,
  waitForServing,
  waitForWorker,
  workerPid,
} from '../utils/stack-workers.ts';
import { waitFor } from '../utils/wait-for.ts';
import { allow } from '../utils/load-factor.ts';

let stack: StackProcess;
let pool: pg.Pool;
let jobid: string;

beforeAll(async () => {
  stack = await startStackProcess({
    port: 0,
    // A small cap so the heap fills in a moment; the hooks exist only with LOTTO24_TEST_HOOKS=1.
    env: { SEED_DEMO: 'false', LOTTO24_TEST_HOOKS: '1', LOTTO24_HEAP_MB_REALTIME: '160' },
  });
  pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  jobid = await scheduleEverySecond(pool, 'iso-faults');
}, allow(180_000));

afterAll(async () => {
  await pool?.end();
  await stack?.stop();
}, allow(60_000));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('faults stay in their worker (ADR 017)', () => {
  it('a realtime worker out of heap is restarted and logged; no cron tick is late', async () => {
    const before = workerPid(stack, 'realtime')!;
    const since = Date.now();
    await sleep(1_500);
    const asked = await getFresh(`${stack.url}/realtime/v1/__test__/oom`);
    expect(asked.status).toBe(202);
    await waitFor(
      () => stack.output.some((line) => line.includes(`realtime worker (pid ${before}) died`)),
      30_000,
    );
    await waitForWorker(stack, 'realtime', before);
    await waitForServing(stack, '/realtime/v1/websocket');
    const socket = await openResultsSocket({
      apiUrl: stack.url,
      anonKey: stack.anonKey,
      topic: 'realtime:iso-after-oom',
      onChange: () => undefined,
    });
    socket.close();
    const until = Date.now();
    const died = stack.output.find((line) => line.includes(`(pid ${before}) died`))!;
    expect(died).toMatch(/out of memory \(heap cap 160 MiB\)/);
    expect(longestGap(await runStarts(pool, jobid, since), until)).toBeLessThan(2_600);
    expect(workerPid(stack, 'http')).toBeDefined();
  });

  it('a busy http event loop delays neither cron ticks nor realtime delivery', async () => {
    const changes: Array<{ id: string; at: number }> = [];
    const socket: RawSocket = await openResultsSocket({
      apiUrl: stack.url,
      anonKey: stack.anonKey,
      topic: 'realtime:iso-busy',
      onChange: (change: ResultChange) =>
        change.record && changes.push({ id: change.record.id, at: Date.now() }),
    });
    try {
      const since = Date.now();
      const busy = getFresh(`${stack.url}/__test__/busy?ms=5000`);
      await sleep(1_000);
      // REST is stuck behind the busy loop; a change still reaches the socket at once.
      const sent = Date.now();
      const id = await insertResult(pool, 3, '2468');
      const got = await waitFor(() => changes.find((change) => change.id === id), allow(5_000));
      const delivered = got.at - sent;
      expect((await busy).status).toBe(200);
      const until = Date.now();
      expect(until - since).toBeGreaterThan(4_500); // the loop was held that long
      expect(delivered).toBeLessThan(1_500);
      expect(longestGap(await runStarts(pool, jobid, since), until)).toBeLessThan(2_600);
    } finally {
      socket.close();
    }
  });

  it('a held or killed functions worker leaves REST answering (ADR 032)', async () => {
    const read = `${stack.url}/rest/v1/lottery_results?select=id&limit=1`;
    const key = { apikey: stack.anonKey };
    const timed = async () => {
      const start = Date.now();
      const answer = await getFresh(read, key);
      expect(answer.status).toBe(200);
      return Date.now() - start;
    };
    const baseline = Math.max(await timed(), await timed(), await timed());
    const busy = getFresh(`${stack.url}/functions/v1/__test__/busy?ms=4000`);
    await sleep(500);
    // Each read while the functions worker's loop is held: as fast as the slowest quiet one,
    // give or take the machine (the held read would take the 3.5 s left).
    const during = [await timed(), await timed(), await timed()];
    expect((await busy).status).toBe(200);
    expect(Math.max(...during)).toBeLessThan(Math.max(1_000, baseline * 10));

    const before = workerPid(stack, 'functions')!;
    process.kill(before, 'SIGKILL');
    const down = await getFresh(`${stack.url}/functions/v1/results-feed`, key);
    expect([200, 503]).toContain(down.status); // 503 while it restarts: an answer, not a hang
    expect(await timed()).toBeLessThan(Math.max(1_000, baseline * 10));
    await waitForWorker(stack, 'functions', before);
    await waitForServing(stack, '/functions/v1/results-feed');
    expect((await getFresh(`${stack.url}/functions/v1/results-feed`, key)).status).toBe(200);
  }, 60_000); // a worker's restart: tsx loads the functions' modules again
});
