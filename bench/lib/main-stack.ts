// The stack exactly as `npm start` runs it (server/src/main.ts), in a child process started with
// `node --import tsx` (no npx/npm wrapper in the timing), so a benchmark's load generator or
// browser never shares the stack's event loop. The banner is printed once PostgreSQL is up, the
// schema migrated, any seed done and HTTP listening: that is "ready". Its stderr is passed
// through and its last lines kept, so a stack that dies or hangs before its banner says why in
// the benchmark's error (and so in docs/benchmarks.md), not only "exited with 1".
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const serverCommand = 'node --import tsx server/src/main.ts';
const READY_TIMEOUT_MS = 90_000;

export interface MainStack {
  url: string;
  anonKey: string;
  /** Superuser URL of the stack's PostgreSQL (from the stack's state file). */
  databaseUrl: string;
  dataDir: string;
  /** Milliseconds from spawn to the banner. */
  readyMs: number;
  child: ChildProcess;
  /** SIGTERM (the stack stops PostgreSQL), then removes the data dir unless `keepData`. */
  stop(keepData?: boolean): Promise<void>;
  /** SIGKILL of the Node process only: PostgreSQL is left running, as after a crash. */
  kill9(): Promise<void>;
}

export interface MainStackOptions {
  port: number;
  /** Reused when given (warm starts); otherwise a fresh temp dir. */
  dataDir?: string;
  env?: Record<string, string>;
}

export function freshDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'lotto24-bench-'));
}

export async function startMainStack(options: MainStackOptions): Promise<MainStack> {
  const dataDir = options.dataDir ?? freshDataDir();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // A clean configuration: nothing from the caller's shell leaks into the measured start.
      DATABASE_URL: '',
      JWT_SECRET: '',
      SEED_DEMO: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      ...options.env,
      PORT: String(options.port),
      DATA_DIR: dataDir,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const said: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    process.stderr.write(`${line}\n`);
    if (line.trim() === '') return;
    said.push(line);
    if (said.length > 5) said.shift();
  });
  const lastWords = () => (said.length > 0 ? `; its last stderr: ${said.join(' | ')}` : '');
  const stop = async (keepData = false) => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const kill9 = async () => {
    child.kill('SIGKILL');
    await exited;
  };
  try {
    const readyMs = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`the stack printed no banner within ${READY_TIMEOUT_MS} ms${lastWords()}`),
          ),
        READY_TIMEOUT_MS,
      );
      createInterface({ input: child.stdout! }).on('line', (text) => {
        if (!text.includes('Lotto24 is running at')) return;
        clearTimeout(timer);
        resolve(performance.now() - started);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        // Let the last stderr lines arrive before they are quoted.
        const error = () =>
          `the stack exited with ${code ?? signal} before its banner${lastWords()}`;
        setTimeout(() => reject(new Error(error())), 200);
      });
    });
    const state = JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8')) as {
      url: string;
      anonKey: string;
      databaseUrl: string;
    };
    return { ...state, dataDir, readyMs, child, stop, kill9 };
  } catch (error) {
    await stop();
    throw error;
  }
}
