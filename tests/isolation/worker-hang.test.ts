// A worker that hangs (its event loop never comes round: here a stopped process) neither answers
// nor exits. The supervisor's pings (server/src/supervisor/liveness.ts) find it out, kill it and
// restart it, so a hung scheduler delays the draws by seconds instead of stopping them for good.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStackProcess, type StackProcess } from '../utils/stack-process.ts';
import {
  getFresh,
  runStarts,
  scheduleEverySecond,
  waitForWorker,
  waitUntil,
  workerPid,
} from '../utils/stack-workers.ts';
import { allow } from '../utils/load-factor.ts';

const UNRESPONSIVE_MS = 3_000;
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
  const answer = await getFresh(`${stack.url}/__test__/busy?ms=${UNRESPONSIVE_MS - 2_000}`);
  expect(answer.status).toBe(200);
  // A few more pings answered after the busy spell, and still the same worker.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(workerPid(stack, 'http')).toBe(before);
  expect(stack.output.some((line) => line.includes(`(pid ${before}) died`))).toBe(false);
});
