import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { nthResult, resultKey, type Client } from './clients.ts';
import { groupProcesses, postgresProcesses, sigkill, waitGone } from './processes.ts';
import type { StressStack } from './stress-stack.ts';

export const firstDay = '2000-01-01';

/** The sequence of results every round continues, and those the API acknowledged. */
export interface WriteLog {
  next: number;
  acknowledged: Map<string, string>;
  /** Sent, but the stack died before answering: each may or may not have committed. */
  unanswered: Set<string>;
}

/**
 * `writers` loops insert distinct results through supabase-js as the admin until `crashing`
 * resolves. A write counts as acknowledged only when its response came back without an error;
 * one whose connection died with the stack may or may not have committed, and is not counted.
 */
export async function streamWrites(
  admin: Client,
  log: WriteLog,
  writers: number,
  crashing: Promise<void>,
): Promise<number> {
  let stop = false;
  const halt = () => (stop = true);
  void crashing.then(halt, halt);
  let acknowledged = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (!stop) {
        const row = nthResult(log.next++, firstDay);
        const { data, error } = await admin.from('lottery_results').insert(row).select('id');
        if (!error && data.length === 1) {
          log.acknowledged.set(resultKey(row), row.first_prize);
          acknowledged += 1;
        } else {
          log.unanswered.add(resultKey(row));
        }
      }
    }),
  );
  return acknowledged;
}

export function pgDirOf(dataDir: string): string {
  return path.join(realpathSync(dataDir), 'postgres');
}

export function postmasterPid(pgDir: string): number {
  return Number.parseInt(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8'), 10);
}

/**
 * A machine-crash-like stop: SIGKILL to npx, tsx, the stack and the postmaster at once, so
 * nothing runs a shutdown handler or writes a checkpoint. With `backends`, every PostgreSQL child
 * dies in the same instant too (power loss); without, they are left to notice their postmaster is
 * gone, as after an OOM kill. Returns the pids killed, all of which are gone when it returns.
 */
export async function crash(stack: StressStack, pgDir: string, backends: boolean) {
  const group = stack.child.pid!;
  const postmaster = postmasterPid(pgDir);
  const pids = new Set([...groupProcesses(group).map((p) => p.pid), postmaster]);
  if (backends) for (const p of postgresProcesses(pgDir)) pids.add(p.pid);
  sigkill(pids);
  const alive = await waitGone([...pids], 5000);
  if (alive.length > 0) throw new Error(`SIGKILL left ${alive.join(', ')} running`);
  return [...pids];
}

/** PostgreSQL processes of the data dir that the running postmaster did not start. */
export function orphans(pgDir: string): string[] {
  const postmaster = postmasterPid(pgDir);
  return postgresProcesses(pgDir)
    .filter((p) => p.pid !== postmaster && p.ppid !== postmaster)
    .map((p) => `${p.pid} (parent ${p.ppid}): ${p.command}`);
}

/** A random moment within [min, max) ms. */
export function randomDelay(min: number, max: number): Promise<void> {
  return sleep(min + Math.random() * (max - min));
}
