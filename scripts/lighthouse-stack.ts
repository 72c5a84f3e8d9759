import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

export interface LocalStack {
  url: string;
  stop(): Promise<void>;
}

/** `npx vite build`: Lighthouse must measure the production bundle, never the dev server. */
export function buildApp(root: string): void {
  const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}

/** The newest modification time under `target` (a file or a folder), 0 when it does not exist. */
function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

/** True when dist/ is missing or older than any source of the build. */
export function distIsStale(root: string): boolean {
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts/vite-precompress.ts'];
  const changed = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  return newestMtime(path.join(root, 'dist', 'index.html')) <= changed;
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`stack exited early (code ${child.exitCode})`);
    try {
      const response = await fetch(url, { headers: { accept: 'text/html' } });
      if (response.ok) return;
    } catch {
      // Not listening yet: the embedded PostgreSQL takes a few seconds to start.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`stack not ready at ${url} after ${timeoutMs} ms`);
}

/**
 * Starts `server/src/main.ts` as a child process over a fresh data directory with the demo
 * results seeded, so the pages show what a visitor sees; the admin account is throwaway.
 */
export async function startLocalStack(root: string, port: number): Promise<LocalStack> {
  const parent = path.join(root, '.tmp', 'lighthouse-data');
  // Fresh every time: an earlier run's data (or a crashed run's) must not change the pages.
  rmSync(parent, { recursive: true, force: true });
  mkdirSync(parent, { recursive: true });
  const dataDir = mkdtempSync(path.join(parent, 'run-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      ADMIN_EMAIL: 'lighthouse-admin@example.com',
      ADMIN_PASSWORD: `lh-${Math.random().toString(36).slice(2)}-${Date.now()}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The banner prints the anon key and admin password: keep it out of the report's output.
  child.stdout?.resume();
  const url = `http://localhost:${port}`;
  try {
    await waitForHttp(`${url}/`, child, 120_000);
  } catch (error) {
    child.kill('SIGINT');
    throw error;
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        const cleanUp = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return cleanUp();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          cleanUp();
        });
        child.kill('SIGINT');
      }),
  };
}
