import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { repoRoot } from '../../server/src/config.ts';

/** Migrations and the checksum list as git has them, for the checksum and upgrade tests. */

export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

function git(args: string[]): string {
  return execFileSync('git', args, {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

/**
 * Why git history cannot be used here, or undefined when it can: a source tarball has no .git,
 * and a shallow clone (CI's `fetch-depth: 1`) lacks the first commits of every file.
 */
export function historyUnavailable(): string | undefined {
  try {
    if (git(['rev-parse', '--is-inside-work-tree']).trim() !== 'true') return 'not a git work tree';
    if (git(['rev-parse', '--is-shallow-repository']).trim() === 'true')
      return 'a shallow clone (fetch the full history: git fetch --unshallow)';
    return undefined;
  } catch {
    return 'no git repository (or no git) here';
  }
}

/** The full hash of a revision (`<commit>^` and the like). */
export function resolve(revision: string): string {
  return git(['rev-parse', revision]).trim();
}

/** The commits that changed `file` on HEAD's history, oldest first. */
export function commitsOf(file: string): string[] {
  return git(['log', '--reverse', '--format=%H', '--', file]).split('\n').filter(Boolean);
}

/** `file` as `commit` has it, or undefined where it does not exist there. */
export function showAt(commit: string, file: string): string | undefined {
  try {
    return git(['show', `${commit}:${file}`]);
  } catch {
    return undefined;
  }
}

/** The migration file names in supabase/migrations/ at `commit`. */
export function migrationsAt(commit: string): string[] {
  return git(['ls-tree', '--name-only', `${commit}:supabase/migrations`])
    .split('\n')
    .filter((name) => /^[0-9]+_.*\.sql$/.test(name))
    .sort();
}

export interface ChecksumList {
  /** `migrations/<file>` → SHA-256 of its content. */
  entries: Map<string, string>;
  /** Listed migrations edited before the list existed, with the reason. */
  grandfathered: Map<string, string>;
}

/** Parses supabase/migrations.sha256 (`sha256sum` lines; `# grandfathered <entry>: why`). */
export function parseChecksums(text: string): ChecksumList {
  const entries = new Map<string, string>();
  const grandfathered = new Map<string, string>();
  for (const line of text.split('\n')) {
    const entry = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
    if (entry) entries.set(entry[2]!, entry[1]!);
    const old = /^# grandfathered (\S+): (.+)$/.exec(line);
    if (old) grandfathered.set(old[1]!, old[2]!);
  }
  return { entries, grandfathered };
}
