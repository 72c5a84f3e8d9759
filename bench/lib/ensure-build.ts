// The stack serves the built app from dist/; a benchmark of the page must measure current code.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
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

/** Runs `vite build` when dist/ is missing or older than any of the app's sources (or `force`). */
export function ensureBuild({ force = false } = {}): void {
  const built = path.join(repoRoot, 'dist', 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((name) => newestMtime(path.join(repoRoot, name))));
  if (builtAt > sourcesAt && !force) return;
  console.error(builtAt === 0 ? 'dist/ is missing: building' : 'dist/ is stale: rebuilding');
  // Build output goes to stderr so stdout holds only the benchmark's summary.
  const result = spawnSync('npx', ['vite', 'build'], {
    cwd: repoRoot,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) throw new Error(`vite build failed (${result.status})`);
}
