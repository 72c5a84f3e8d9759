// The stack serves the built app from dist/ and refuses to start without it; a benchmark or a
// stress run of the page must serve current code, built as `npm start` builds it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../server/src/config.ts';

const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

/**
 * Runs `vite build` when dist/ is missing, or older than any of the app's sources unless
 * `ifStale` is false, or always with `force`.
 */
export function ensureBuild({ force = false, ifStale = true } = {}): void {
  const built = path.join(repoRoot, 'dist', 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (builtAt > 0 && !force) {
    if (!ifStale) return;
    const sourcesAt = Math.max(...SOURCES.map((name) => newestMtime(path.join(repoRoot, name))));
    if (builtAt > sourcesAt) return;
  }
  console.error(builtAt === 0 ? 'dist/ is missing: building' : 'dist/ is stale: rebuilding');
  // Build output goes to stderr so stdout holds only a benchmark's summary. NODE_ENV is set as
  // `npm start` has it: under vitest it is `test`, and Vite would bundle React's development
  // build, which the first-load budget (scripts/vite-budget.ts) then rejects.
  const result = spawnSync('npx', ['vite', 'build'], {
    cwd: repoRoot,
    stdio: ['ignore', 2, 2],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed (${result.status})`);
}
