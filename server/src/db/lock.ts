import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A zombie has exited but still answers kill(pid, 0) until its parent reaps it. A stack killed
 * with SIGKILL together with its parents is reparented to init, which may reap it late (about a
 * second here) or never (a container whose PID 1 does not reap): its lock must not outlive it.
 */
export function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false; // no procfs (macOS), or gone: kill(pid, 0) decides
  }
}

/** Whether a process with this id runs (EPERM means it exists but belongs to someone else). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

export function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes an exclusive lock file holding our pid. A lock left by a process that no longer runs
 * (a stack killed with SIGKILL) is taken over; a live holder means another stack owns the
 * data directory, and two PostgreSQL servers must never share one.
 */
export function acquireLock(file: string, what: string): () => void {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => {
        if (readPid(file) === process.pid) unlinkSync(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPid(file);
      if (holder !== undefined && isAlive(holder)) {
        throw new Error(
          `${what} is already in use by another Lotto24 stack (pid ${holder}). ` +
            'Stop that stack first, or give this one another DATA_DIR.',
        );
      }
      if (existsSync(file)) unlinkSync(file);
    }
  }
  throw new Error(`Could not lock ${what}: ${file} keeps reappearing.`);
}

/** The pid a PostgreSQL data directory's postmaster.pid names, if that process is a live postgres. */
export function livePostmaster(pidFile: string): number | undefined {
  const pid = readPid(pidFile);
  if (pid === undefined || !isAlive(pid)) return undefined;
  try {
    // A recycled pid may now belong to an unrelated process: only ever signal a postgres.
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres') ? pid : undefined;
  } catch {
    return process.platform === 'linux' ? undefined : pid;
  }
}

/** Resolves once `pid` has exited; sends SIGKILL if it is still there after `killAfterMs`. */
export async function waitForExit(pid: number, killAfterMs = 10_000): Promise<void> {
  for (let waited = 0; isAlive(pid); waited += 50) {
    if (waited === killAfterMs) process.kill(pid, 'SIGKILL');
    await sleep(50);
  }
}
