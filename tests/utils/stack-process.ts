// The one launcher of the stack as `npm start` runs it (server/src/main.ts), in a child process:
// the stress suites, the benchmarks and the end-to-end server (tests/utils/serve-stack.ts) all
// start it here, so they share its environment, its data-dir rules, its readiness and its stop.
// `node --import tsx` rather than `npx tsx`: no npx/tsx wrapper process in a start's timing, and
// `child` is the stack's own Node process, the supervisor (its pid holds the data dir's lock);
// its workers are its children (tests/utils/stack-workers.ts finds them).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { repoRoot } from '../../server/src/config.ts';
import { readStackState } from '../../server/src/stack-state.ts';
import { ensureBuild } from './ensure-build.ts';
import { allow } from './load-factor.ts';

export const serverCommand = 'node --import tsx server/src/main.ts';
/** What `npm start` runs once it has built the server (scripts/build-server.ts, ADR 031). */
export const compiledCommand = 'node server/dist/main.js';
/** main.ts prints this once PostgreSQL runs, the schema is migrated, seeds are done and HTTP listens. */
const BANNER = 'Lotto24 is running at';

export interface StackProcessOptions {
  /** 0 lets the stack pick a free port (its URL then comes from its state file). */
  port: number;
  /** Reused as it is (warm starts, restarts after a crash); a fresh temp dir when absent. */
  dataDir?: string;
  /** Empty the given data dir first (a clean start in a fixed place, as the e2e server wants). */
  wipe?: boolean;
  /** The stack's variables, on top of a clean configuration (see stackEnv). */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** Echo the stack's stderr as it comes (benchmarks show it live). */
  echo?: boolean;
  /**
   * A process group of its own (the default), so a stop or a crash reaches the stack and its
   * PostgreSQL in one signal. The e2e server stays in Playwright's group, which Playwright kills.
   */
  ownGroup?: boolean;
  /**
   * The compiled server (`server/dist/main.js` or this file) instead of the TypeScript; the
   * caller builds it first (scripts/build-server.ts). Tests run the TypeScript by default.
   */
  compiled?: boolean | string;
}

/** A stack started the way `npm start` starts it. */
export interface StackProcess {
  child: ChildProcess;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The stack's database (from its state file). */
  databaseUrl: string;
  dataDir: string;
  /** Milliseconds from spawn to the banner: tsx, crash recovery, migrations, seeding, admin. */
  readyMs: number;
  /** Its last lines on stdout and stderr, for a failure message. */
  output: string[];
  /** Ctrl+C (SIGINT to the group), SIGKILL if still running after 20 s; removes the data dir unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /**
   * SIGKILL of the supervisor only: PostgreSQL is left running and the lock stale, as after a
   * crash; its workers exit by themselves when their IPC channel closes.
   */
  kill9(): Promise<void>;
}

export function freshDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'lotto24-stack-'));
}

/** The stack's configuration variables (server/src/config.ts) that a caller's shell may hold. */
const CONFIGURATION = [
  'DATABASE_URL',
  'JWT_SECRET',
  'SEED_DEMO',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'LOTTERY_TIMEZONE',
  'HOST',
  'SITE_URL',
  'TRUST_PROXY',
  'MAILBOX',
  // Beacon draws (ADR 023): the switch, the stack's calls of draw-beacon and the function's settings.
  'BEACON_CHAIN',
  'BEACON_TICK_MS',
  'BEACON_RELAYS',
  'BEACON_LOCAL_URL',
  'BEACON_SEALS_PER_CALL',
  'BEACON_BUDGET_MS',
  'BEACON_FETCH_TIMEOUT_MS',
  // Test-only faults, the workers' heap caps and their liveness (server/src/supervisor/, ADR 017).
  'LOTTO24_TEST_HOOKS',
  'LOTTO24_HEAP_MB_HTTP',
  'LOTTO24_HEAP_MB_REALTIME',
  'LOTTO24_HEAP_MB_FUNCTIONS',
  'LOTTO24_HEAP_MB_CRON',
  'LOTTO24_UNRESPONSIVE_MS',
];

/**
 * The child's environment: nothing from the caller's shell configures the stack (a DATABASE_URL
 * or JWT_SECRET exported for something else would change what is measured or tested); only
 * `options.env`, the port and the data dir do.
 */
export function stackEnv(options: StackProcessOptions, dataDir: string): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of CONFIGURATION) delete env[name];
  return { ...env, ...options.env, PORT: String(options.port), DATA_DIR: dataDir };
}

export async function startStackProcess(options: StackProcessOptions): Promise<StackProcess> {
  // The stack refuses to start without the built app (npm start builds first): a clean clone's
  // `npm test` reaches the stack suites before the e2e step builds it.
  ensureBuild({ ifStale: false });
  const dataDir = options.dataDir ?? freshDataDir();
  if (options.wipe) rmSync(dataDir, { recursive: true, force: true });
  const started = performance.now();
  const ownGroup = options.ownGroup ?? true;
  const entry =
    typeof options.compiled === 'string'
      ? [options.compiled]
      : options.compiled
        ? ['server/dist/main.js']
        : ['--import', 'tsx', 'server/src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    detached: ownGroup,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: stackEnv(options, dataDir),
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const output: string[] = [];
  const stderr: string[] = [];
  const keep = (lines: string[], line: string, max: number) => {
    lines.push(line);
    if (lines.length > max) lines.shift();
  };
  createInterface({ input: child.stderr! }).on('line', (line) => {
    if (options.echo) process.stderr.write(`${line}\n`);
    keep(output, line, 200);
    if (line.trim() !== '') keep(stderr, line, 20);
  });
  const lastWords = () => (stderr.length > 0 ? `; its last stderr:\n${stderr.join('\n')}` : '');

  const signal = (name: NodeJS.Signals) => {
    if (!running()) return;
    try {
      if (ownGroup) process.kill(-child.pid!, name);
      else child.kill(name);
    } catch {
      // exited between the check and the signal
    }
  };
  const stop = async ({ keepData = false } = {}) => {
    signal('SIGINT');
    const timer = setTimeout(() => signal('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const kill9 = async () => {
    if (running()) child.kill('SIGKILL');
    await exited;
  };

  try {
    const readyMs = await banner(
      child,
      options.readyTimeoutMs ?? allow(90_000),
      lastWords,
      (line) => keep(output, line, 200),
    );
    return {
      ...readState(dataDir),
      child,
      dataDir,
      readyMs: readyMs - started,
      output,
      stop,
      kill9,
    };
  } catch (error) {
    await stop({ keepData: options.dataDir !== undefined });
    throw error;
  }
}

/** Resolves with the moment (performance.now()) the stack printed its banner on stdout. */
function banner(
  child: ChildProcess,
  timeoutMs: number,
  lastWords: () => string,
  onLine: (line: string) => void,
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the stack printed no banner within ${timeoutMs} ms${lastWords()}`)),
      timeoutMs,
    );
    createInterface({ input: child.stdout! }).on('line', (line) => {
      onLine(line);
      if (!line.includes(BANNER)) return;
      clearTimeout(timer);
      resolve(performance.now());
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      // Let the last stderr lines arrive before they are quoted.
      const error = () => `the stack exited with ${code ?? signal} before its banner${lastWords()}`;
      setTimeout(() => reject(new Error(error())), 200);
    });
  });
}

/** What the running stack wrote about itself in its data dir (server/src/stack-state.ts). */
function readState(dataDir: string) {
  const state = readStackState(dataDir);
  if (!state) throw new Error(`the stack printed its banner but left no state in ${dataDir}`);
  const { url, anonKey, serviceRoleKey, databaseUrl } = state;
  return { url, anonKey, serviceRoleKey, databaseUrl };
}
