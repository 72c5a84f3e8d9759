import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** One process as /proc shows it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgrp: number;
  cwd: string | undefined;
  command: string;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name sits in parentheses and may itself hold spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const state = fields[0];
    if (state === 'Z' || state === 'X') return undefined; // exited, waiting to be reaped
    let cwd: string | undefined;
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      cwd = undefined;
    }
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return { pid, ppid: Number(fields[1]), pgrp: Number(fields[2]), cwd, command };
  } catch {
    return undefined; // gone while we looked
  }
}

export function listProcesses(): ProcessInfo[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((info): info is ProcessInfo => info !== undefined);
}

/**
 * Every PostgreSQL process of a data directory: the postmaster and each backend and auxiliary
 * process run with the data directory as their working directory, whatever their title says.
 */
export function postgresProcesses(pgDir: string): ProcessInfo[] {
  return listProcesses().filter((info) => info.cwd === pgDir);
}

export function groupProcesses(pgrp: number): ProcessInfo[] {
  return listProcesses().filter((info) => info.pgrp === pgrp);
}

export function sigkill(pids: Iterable<number>): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Waits until none of `pids` is a live (non-zombie) process; returns those still alive. */
export async function waitGone(pids: number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const alive = pids.filter((pid) => readProcess(pid) !== undefined);
    if (alive.length === 0 || Date.now() > deadline) return alive;
    await sleep(50);
  }
}

/** CPU time (user + system, seconds) a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** `pid` and every process below it (the stack's Node process, its workers, PostgreSQL and its backends). */
export function processTree(pid: number, all = listProcesses()): ProcessInfo[] {
  const children = new Map<number, ProcessInfo[]>();
  for (const info of all) children.set(info.ppid, [...(children.get(info.ppid) ?? []), info]);
  const tree: ProcessInfo[] = [];
  const visit = (info: ProcessInfo | undefined) => {
    if (!info) return;
    tree.push(info);
    for (const child of children.get(info.pid) ?? []) visit(child);
  };
  visit(all.find((info) => info.pid === pid));
  return tree;
}

/**
 * A process's own memory in KiB: RssAnon, the resident part of VmRSS that is its alone (heap,
 * stacks). RssShmem (PostgreSQL's shared buffers, mapped into every backend) and RssFile (the
 * binary and libraries, shared by every process running them) would be counted once per process
 * when summed over a tree. 0 once the process is gone.
 */
export function ownMemoryKiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/RssAnon:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Open file descriptors (sockets included) of a process; 0 once it is gone. */
export function openDescriptors(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return 0;
  }
}
