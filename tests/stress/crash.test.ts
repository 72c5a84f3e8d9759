// Crash durability: the stack as `npm start` runs it, SIGKILLed together with
// its PostgreSQL at a random moment while an admin streams inserts, then restarted on the same
// data dir; STRESS_CRASH_ROUNDS times (default 10). Figures go to docs/reliability.md.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { client, readResults, signInAdmin } from './clients.ts';
import {
  crash,
  orphans,
  pgDirOf,
  postmasterPid,
  randomDelay,
  streamWrites,
  type WriteLog,
} from './crash-round.ts';
import { groupProcesses, postgresProcesses, sigkill, waitGone } from './processes.ts';
import { newJwtSecret, startStressStack, type StressStack } from './stress-stack.ts';

const ROUNDS = Number(process.env.STRESS_CRASH_ROUNDS ?? 10);
const WRITERS = 16;
const PORT = 9140;
const dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-stress-crash-'));
const pgDir = pgDirOf(dataDir);
const jwtSecret = newJwtSecret();
let running: StressStack | undefined;

afterAll(async () => {
  if (running) await running.stop();
  // Whatever a failed round left behind must not outlive the suite.
  sigkill(postgresProcesses(pgDir).map((p) => p.pid));
  rmSync(dataDir, { recursive: true, force: true });
});

interface Round {
  round: number;
  startMs: number;
  acknowledgedInRound: number;
  acknowledgedTotal: number;
  presentAfterRestart: number;
  /** Writes cut off by the crash that had committed anyway. */
  unansweredCommitted: string;
  killed: string;
}

/** Starts the stack and checks what every start must show: no orphans, a fresh lock, our data. */
async function startAndCheck(log: WriteLog, killed: number[]) {
  const stack = await startStressStack({ port: PORT, dataDir, jwtSecret, seedDemo: false });
  running = stack;
  expect(await waitGone(killed, 0), 'a killed process is still running').toEqual([]);
  expect(orphans(pgDir), 'PostgreSQL processes of an earlier round').toEqual([]);
  const lockHolder = Number.parseInt(readFileSync(path.join(dataDir, 'postgres.lock'), 'utf8'));
  const ours = groupProcesses(stack.child.pid!).map((p) => p.pid);
  expect(ours, 'the data dir lock names this stack').toContain(lockHolder);
  const present = await readResults(client(stack, stack.serviceRoleKey), '2100-01-01');
  const lost = [...log.acknowledged].filter(([key, prize]) => present.get(key) !== prize);
  expect(lost, 'acknowledged writes missing after the crash').toEqual([]);
  const inFlight = [...log.unanswered].filter((key) => present.has(key)).length;
  log.unanswered.clear();
  return {
    stack,
    present: [...log.acknowledged.keys()].filter((key) => present.has(key)).length,
    inFlight,
  };
}

it(`keeps every acknowledged write through ${ROUNDS} kill -9 rounds`, async () => {
  const log: WriteLog = { next: 0, acknowledged: new Map(), unanswered: new Set() };
  const rounds: Round[] = [];
  let killed: number[] = [];
  let cutOff = 0;
  let { stack } = await startAndCheck(log, killed);
  const firstStartMs = stack.readyMs;
  for (let round = 1; round <= ROUNDS; round += 1) {
    const admin = await signInAdmin(stack);
    // Odd rounds kill every PostgreSQL process at once; even rounds leave backends to notice.
    const backends = round % 2 === 1;
    // Writers send nothing new from the crash moment on, so "unanswered" means cut off.
    const moment = randomDelay(300, 2000);
    const crashed = moment.then(async () => {
      killed = await crash(stack, pgDir, backends);
    });
    const written = await streamWrites(admin, log, WRITERS, moment);
    await crashed;
    const unanswered = log.unanswered.size;
    cutOff += unanswered;
    running = undefined;
    const restarted = await startAndCheck(log, killed);
    stack = restarted.stack;
    rounds.push({
      round,
      startMs: Math.round(restarted.stack.readyMs),
      acknowledgedInRound: written,
      acknowledgedTotal: log.acknowledged.size,
      presentAfterRestart: restarted.present,
      unansweredCommitted: `${restarted.inFlight}/${unanswered}`,
      killed: backends ? 'stack + every postgres process' : 'stack + postmaster',
    });
  }
  console.log(`first start ${Math.round(firstStartMs)} ms; after each crash:`);
  console.table(rounds);
  console.log(`slowest restart ${Math.max(...rounds.map((r) => r.startMs))} ms`);
  expect(rounds).toHaveLength(ROUNDS);
  expect(rounds.every((r) => r.acknowledgedInRound > 0)).toBe(true);
  // The kills landed mid-write: some requests were in flight and never answered.
  expect(cutOff, 'writes cut off by the crashes').toBeGreaterThan(0);

  const postmaster = postmasterPid(pgDir);
  await stack.stop();
  running = undefined;
  expect(await waitGone([postmaster], 10_000), 'postgres after a clean stop').toEqual([]);
  expect(postgresProcesses(pgDir)).toEqual([]);
});
