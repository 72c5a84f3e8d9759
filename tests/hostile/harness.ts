// One hostile run: a stack started exactly as `npm start` starts it, an honest observer in its own
// process (observer.ts), the draw clock (draw-clock.ts) and the stack's footprint (resources.ts),
// measured before and while one attack runs. The harness returns figures; tests judge them.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, vi } from 'vitest';
import { repoRoot } from '../../server/src/config.ts';
import { ensureBuild } from '../utils/ensure-build.ts';
import { startStackProcess, type StackProcess } from '../utils/stack-process.ts';
import { readDrawClock, startDrawClock } from './draw-clock.ts';
import { figuresLine, probeFigures, type Figures, type ProbeSamples } from './figures.ts';
import { sampleResources } from './resources.ts';

/**
 * The folder's timeouts (vite.config.ts's server project has 20 s for quick tests): a stack starts
 * in ~15 s, and a run is a warm-up, a baseline, the attack and the observer's tail.
 */
export function hostileTimeouts(): void {
  vi.setConfig({ testTimeout: 240_000, hookTimeout: 180_000 });
}

export const owner = { email: 'hostile-owner@example.com', password: 'hostile-owner-password' };

export interface HostileStack extends StackProcess {
  host: string;
  port: number;
  /** Today on the lottery's clock (UTC here). */
  today: string;
  /** Runs so far on this stack, so each run's published results are its own. */
  runs: number;
}

/** `npm start`'s stack (tests/utils/stack-process.ts) with a known owner and the draw clock ticking. */
export async function startHostileStack(
  options: { port?: number; env?: Record<string, string> } = {},
): Promise<HostileStack> {
  ensureBuild({ ifStale: false });
  const stack = await startStackProcess({
    port: options.port ?? 0,
    env: {
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      ADMIN_EMAIL: owner.email,
      ADMIN_PASSWORD: owner.password,
      LOTTERY_TIMEZONE: 'UTC',
      ...options.env,
    },
  });
  await startDrawClock(stack.databaseUrl);
  const url = new URL(stack.url);
  const today = new Date().toISOString().slice(0, 10);
  return { ...stack, host: url.hostname, port: Number(url.port), today, runs: 0 };
}

export interface RunOptions {
  /** Quiet time the observer measures its baselines in. */
  baselineMs?: number;
  /** The attack phase lasts at least this long, so every probe has samples from it. */
  minAttackMs?: number;
}

/** Runs `attack` while the observer, the draw clock and the resource sampler watch. */
export async function underAttack<Outcome extends object>(
  stack: HostileStack,
  name: string,
  attack: () => Promise<Outcome>,
  { baselineMs = 2000, minAttackMs = 2000 }: RunOptions = {},
): Promise<Figures<Outcome>> {
  const resources = sampleResources(stack.child.pid!);
  const observer = fork(path.join(repoRoot, 'tests/hostile/observer.ts'), [], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      HOSTILE_OBSERVER: JSON.stringify({
        url: stack.url,
        anonKey: stack.anonKey,
        databaseUrl: stack.databaseUrl,
        today: stack.today,
        rowBase: 1000 * stack.runs++,
      }),
    },
  });
  const answer = (key: 'ready' | 'samples') =>
    new Promise<ProbeSamples>((resolve, reject) => {
      observer.on('message', (message: { ready?: true; samples?: ProbeSamples; error?: string }) => {
        if (message.error) reject(new Error(`observer: ${message.error}`));
        else if (message[key]) resolve(message.samples!);
      });
      observer.once('exit', (code) => reject(new Error(`observer exited with ${code}`)));
    });
  let start = 0;
  let end = 0;
  let outcome: Outcome | undefined;
  let failed: unknown;
  try {
    await answer('ready');
    await sleep(1000);
    observer.send({ phase: 'baseline' });
    await sleep(baselineMs);
    const stopped = answer('samples');
    resources.attackStarted();
    observer.send({ phase: 'attack' });
    start = Date.now();
    try {
      outcome = await attack();
    } catch (error) {
      failed = error;
    }
    await sleep(Math.max(0, start + minAttackMs - Date.now()));
    end = Date.now();
    observer.send({ phase: 'stop' });
    const samples = await stopped;
    // The tick after the attack's end shows whether the clock was still stopped at its end.
    await sleep(Math.max(0, end + 1500 - Date.now()));
    if (failed) throw failed as Error;
    return {
      attack: name,
      seconds: (end - start) / 1000,
      outcome: outcome!,
      read: probeFigures(samples.read),
      http: probeFigures(samples.http),
      heartbeat: probeFigures(samples.heartbeat),
      join: probeFigures(samples.join),
      change: probeFigures(samples.change),
      failures: samples.failures,
      clock: await readDrawClock(stack.databaseUrl, start, end + 1500),
      resources: resources.stop(),
    };
  } finally {
    resources.stop();
    if (observer.exitCode === null) observer.kill('SIGKILL');
  }
}

export interface Bounds {
  /** Most a visitor's read, change, the loop probes and an honest join may slow, as a ratio. */
  ratio: number;
  /** Most the whole stack's memory may grow over its baseline, in MiB (justified per attack). */
  memoryMiB: number;
  /** Most the stack's open descriptors may grow; unbounded when absent. */
  fds?: number;
}

/**
 * A visitor still served and told of changes, the loops answering, the draw clock on time, no
 * process lost for good (a restarted worker back within 5 s), the footprint bounded. Soft
 * assertions, so one run names every way it failed.
 */
export function expectUnharmed(figures: Figures<object>, bounds: Bounds): void {
  console.info(figuresLine(figures));
  const { clock, resources: r } = figures;
  expect.soft(figures.failures, 'visitor or probe failures').toEqual([]);
  for (const key of ['read', 'change', 'http', 'heartbeat', 'join'] as const)
    expect.soft(figures[key].ratio, `${key} ratio`).toBeLessThan(bounds.ratio);
  expect.soft(clock.maxGapMs, 'longest gap of the draw clock').toBeLessThan(4000);
  expect.soft(clock.ticks, 'draw clock ticks').toBeGreaterThanOrEqual(Math.floor(clock.dueTicks * 0.6));
  expect.soft(r.died, 'stack processes that died').toEqual([]);
  expect.soft(r.downMs, 'time a stack process was down').toBeLessThan(5000);
  expect.soft(r.peakMiB - r.baseMiB, 'memory growth (MiB)').toBeLessThan(bounds.memoryMiB);
  if (bounds.fds !== undefined)
    expect.soft(r.peakFds - r.baseFds, 'descriptor growth').toBeLessThan(bounds.fds);
}

/** The source address of the `i`-th attacker: anywhere in 127/8 but 127.0.0.1, the visitor's. */
export function attackerAddress(i: number): string {
  return `127.1.${Math.floor(i / 250) % 256}.${(i % 250) + 1}`;
}
