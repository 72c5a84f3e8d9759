// A worker that hangs (its event loop never comes round: here a stopped process) neither answers
// nor exits. The supervisor's pings (server/src/supervisor/liveness.ts) find it out, kill it and
// restart it, so a hung scheduler delays the draws by seconds instead of stopping them for good.
import { readdirSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_HANDING } from '../../server/src/supervisor/worker-slot.ts';
import { startStackProcess, type StackProcess } from '../utils/stack-process.ts';
import {
  getFresh,
  runStarts,
  scheduleEverySecond,
  waitForWorker,
  waitUntil,
  workerPid,
} from '../utils/stack-workers.ts';
import { waitFor } from '../utils/wait-for.ts';
import { allow } from '../utils/load-factor.ts';

// Above the time it takes this test to open MAX_HANDING connections on a loaded machine.
const UNRESPONSIVE_MS = 8_000;
let stack: StackProcess;
let pool: pg.Pool;

beforeAll(async () => {
  stack = await startStackProcess({
    port: 0,
    env: {
      SEED_DEMO: 'false',
      LOTTO24_TEST_HOOKS: '1',
      LOTTO24_UNRESPONSIVE_MS: String(UNRESPONSIVE_MS),
    },
  });
  pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  pool.on('error', () => undefined);
}, allow(180_000));

afterAll(async () => {
  await pool?.end();
  await stack?.stop();
}, allow(60_000));

it('a hung cron worker is killed and restarted, and its jobs run again', async () => {
  const jobid = await scheduleEverySecond(pool, 'hang-cron');
  const before = workerPid(stack, 'cron')!;
  process.kill(before, 'SIGSTOP');
  const stoppedAt = Date.now();
  const after = await waitForWorker(stack, 'cron', before, allow(30_000));
  expect(after).not.toBe(before);
  expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(UNRESPONSIVE_MS);
  expect(stack.output.join('\n')).toMatch(
    new RegExp(`the cron worker \\(pid ${before}\\) died: unresponsive for \\d+ s, signal SIGKILL`),
  );
  const back = Date.now();
  await waitUntil(async () => (await runStarts(pool, jobid, back)).length >= 2, allow(15_000));
  await pool.query('select cron.unschedule($1::bigint)', [jobid]);
});

it('a worker busy for less than the limit is left alone', async () => {
  const before = workerPid(stack, 'http')!;
  const answer = await getFresh(`${stack.url}/__test__/busy?ms=1000`);
  expect(answer.status).toBe(200);
  // A few more pings answered after the busy spell, and still the same worker.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(workerPid(stack, 'http')).toBe(before);
  expect(stack.output.some((line) => line.includes(`(pid ${before}) died`))).toBe(false);
});

/** GET / on a connection of its own: the status, or 0 if it closed without an answer. */
function getOnItsOwn(port: number): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
  });
}

it('connections for a hung worker: past MAX_HANDING 503 at once, the rest answered when it is killed', async () => {
  const supervisorFds = () => readdirSync(`/proc/${stack.child.pid}/fd`).length;
  const fdsBefore = supervisorFds();
  const before = workerPid(stack, 'http')!;
  process.kill(before, 'SIGSTOP');
  const stoppedAt = Date.now();
  const port = Number(new URL(stack.url).port);
  const answers = await Promise.all(
    Array.from({ length: MAX_HANDING + 50 }, () =>
      getOnItsOwn(port).then((status) => ({ status, ms: Date.now() - stoppedAt })),
    ),
  );
  // Those past the bound while the worker was still there: it is killed UNRESPONSIVE_MS at least
  // after it stopped.
  expect(
    answers.filter((a) => a.status === 503 && a.ms < UNRESPONSIVE_MS).length,
  ).toBeGreaterThanOrEqual(50);
  // Every other one got its 503 once the worker was killed; the one descriptor it was being sent
  // was closed. None is left waiting, and the supervisor holds none of their sockets.
  expect(answers.filter((a) => a.status !== 503).length).toBeLessThanOrEqual(1);
  await waitForWorker(stack, 'http', before, allow(30_000));
  // An answered socket is closed within a second (answerAndClose).
  await waitFor(() => supervisorFds() <= fdsBefore + 2, allow(5_000));
});
