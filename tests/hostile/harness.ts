// One hostile run: a stack started exactly as `npm start` starts it, an honest observer in its own
// process (observer.ts), the draw clock (draw-clock.ts) and the stack's footprint (resources.ts),
// measured before and while one attack runs. The harness returns figures; tests judge them.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, vi } from 'vitest';
import { repoRoot } from '../../server/src/config.ts';
import { allow } from '../utils/load-factor.ts';
import { startStackProcess, type StackProcess } from '../utils/stack-process.ts';
import { readDrawClock, startDrawClock } from './draw-clock.ts';
import { figuresLine, probeFigures, type Figures, type ProbeSamples } from './figures.ts';
import { sampleResources } from './resources.ts';

/**
 * The folder's timeouts (vite.config.ts's server project has 20 s for quick tests): a stack starts
 * in ~15 s, and a run is a warm-up, a baseline, the attack and the observer's tail.
 */
export function hostileTimeouts(): void {
  vi.setConfig({ testTimeout: allow(240_000), hookTimeout: allow(180_000) });
}

export const owner = { email: 'hostile-owner@example.com', password: 'hostile-owner-password' };

export interface HostileStack extends StackProcess {
  host: string;
  port: number;
  /** Today on the lottery's clock (UTC here). */
  today: string;
  /** The honest side (observer.ts), one process for the stack's life. */
  observer: ChildProcess;
}

/**
 * `npm start`'s stack (tests/utils/stack-process.ts) with a known owner, the draw clock ticking
 * and the observer connected.
 */
export async function startHostileStack(
  options: {
    port?: number;
    env?: Record<string, string>;
    /**
     * Data the attacks need, written before the visitor starts: each row's change then reaches
     * the realtime worker before the visitor's first one does (NOTIFY keeps commit order), so no
     * baseline is measured while it works through them (seedHistory's 17,520 rows written after
     * gave the first attack's baseline changes of 0.6-1.3 s, and that attack a ratio of 0.0).
     */
    seed?: (databaseUrl: string) => Promise<void>;
  } = {},
): Promise<HostileStack> {
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
  await options.seed?.(stack.databaseUrl);
  const url = new URL(stack.url);
  const today = new Date().toISOString().slice(0, 10);
  const observer = fork(path.join(repoRoot, 'tests/hostile/observer.ts'), [], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      HOSTILE_OBSERVER: JSON.stringify({
        url: stack.url,
        anonKey: stack.anonKey,
        databaseUrl: stack.databaseUrl,
        today,
      }),
    },
  });
  const stop: StackProcess['stop'] = async (options) => {
    observer.kill('SIGKILL');
    await stack.stop(options);
  };
  const hostile = { ...stack, stop, host: url.hostname, port: Number(url.port), today, observer };
  await answer(observer, 'ready').catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  await warmFunctions(hostile);
  return hostile;
}

/**
 * Each edge function's handler is compiled and loaded on its first call (ADR 031): tens of MiB
 * in the functions worker at a moment the draw clock's beacon call or the first attack happens
 * to choose. Called once each here, so no attack is charged with that growth. The anon key as
 * bearer reaches every handler; each refuses what an anonymous caller may not do.
 */
async function warmFunctions(stack: StackProcess): Promise<void> {
  const names = readdirSync(path.join(repoRoot, 'supabase/functions')).filter(
    (name) => !name.startsWith('_'),
  );
  for (const name of names) {
    const response = await fetch(`${stack.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}` },
      body: '{}',
    });
    await response.arrayBuffer();
    if (response.status >= 500) throw new Error(`warming ${name}: ${response.status}`);
  }
}

type Message = {
  ready?: true;
  warmed?: true;
  attacking?: true;
  samples?: ProbeSamples;
  error?: string;
};

/** The observer's next message carrying `key`. */
function answer(
  observer: ChildProcess,
  key: 'ready' | 'warmed' | 'attacking' | 'samples',
): Promise<ProbeSamples> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Message) => {
      if (message.error) fail(new Error(`observer: ${message.error}`));
      else if (message[key]) done(() => resolve(message.samples!));
    };
    const onExit = (code: number | null) => fail(new Error(`the observer exited with ${code}`));
    const done = (then: () => void) => {
      observer.off('message', onMessage);
      observer.off('exit', onExit);
      then();
    };
    const fail = (error: Error) => done(() => reject(error));
    observer.on('message', onMessage);
    observer.once('exit', onExit);
  });
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
  { baselineMs = 1000, minAttackMs = 2000 }: RunOptions = {},
): Promise<Figures<Outcome>> {
  const { observer } = stack;
  observer.send({ phase: 'baseline' });
  await answer(observer, 'warmed');
  const resources = sampleResources(stack.child.pid!);
  await sleep(baselineMs);
  // The observer starts the attack phase once its baseline has samples of every probe.
  observer.send({ phase: 'attack' });
  await answer(observer, 'attacking');
  resources.attackStarted();
  const start = Date.now();
  let outcome: Outcome | undefined;
  let failed: unknown;
  try {
    outcome = await attack();
  } catch (error) {
    failed = error;
  }
  await sleep(Math.max(0, start + minAttackMs - Date.now()));
  const end = Date.now();
  const reported = answer(observer, 'samples');
  observer.send({ report: true });
  const samples = await reported;
  // The tick after the attack's end shows whether the clock was still stopped at its end.
  await sleep(Math.max(0, end + 1200 - Date.now()));
  const footprint = resources.stop();
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
    clock: await readDrawClock(stack.databaseUrl, start, end + 1200),
    resources: footprint,
  };
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
  expect
    .soft(clock.ticks, 'draw clock ticks')
    .toBeGreaterThanOrEqual(Math.floor(clock.dueTicks * 0.6));
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
