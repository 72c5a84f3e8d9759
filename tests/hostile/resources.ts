// The whole stack's footprint, sampled from /proc while an attack runs: the launcher's child and
// every process below it (workers, if the design has them, and PostgreSQL with its backends).
import { openDescriptors, ownMemoryKiB, processTree } from '../stress/processes.ts';

export interface ResourceFigures {
  /** Median of the samples before the attack, and the highest sample during it. */
  baseMiB: number;
  peakMiB: number;
  /** The same for PostgreSQL's processes alone (the rest is Node's). */
  basePgMiB: number;
  peakPgMiB: number;
  baseFds: number;
  peakFds: number;
  /** Node processes and the postmaster seen before the attack, gone at the end and not replaced. */
  died: string[];
  /** Vital processes gone but replaced by as many new ones: a design that restarts workers. */
  restarted: number;
  /** Longest stretch (ms) with fewer vital processes than before the attack: a worker's restart. */
  downMs: number;
  samples: number;
}

interface Sample {
  at: number;
  kib: number;
  pgKib: number;
  fds: number;
  vital: Map<number, string>;
}

/** Node processes (the stack, its workers) and PostgreSQL's postmaster; backends come and go. */
const isVital = (command: string) => command.includes('node') || / -D /.test(command);

function sample(rootPid: number): Sample {
  let kib = 0;
  let pgKib = 0;
  let fds = 0;
  const vital = new Map<number, string>();
  for (const info of processTree(rootPid)) {
    const own = ownMemoryKiB(info.pid);
    kib += own;
    if (info.command.startsWith('postgres') || info.command.includes('/postgres ')) pgKib += own;
    fds += openDescriptors(info.pid);
    if (isVital(info.command)) vital.set(info.pid, info.command.slice(0, 60));
  }
  return { at: Date.now(), kib, pgKib, fds, vital };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** Samples every `everyMs` until `stop()`; `attackStarted()` ends the baseline. */
export function sampleResources(rootPid: number, everyMs = 200) {
  const baseline: Sample[] = [sample(rootPid)];
  const during: Sample[] = [];
  let target = baseline;
  const timer = setInterval(() => target.push(sample(rootPid)), everyMs);
  return {
    attackStarted: () => (target = during),
    stop(): ResourceFigures {
      clearInterval(timer);
      const last = sample(rootPid);
      during.push(last);
      const before = baseline.at(-1)!.vital;
      let downMs = 0;
      let downSince: number | undefined;
      for (const s of during) {
        if (s.vital.size < before.size) downSince ??= s.at;
        else if (downSince !== undefined) {
          downMs = Math.max(downMs, s.at - downSince);
          downSince = undefined;
        }
      }
      if (downSince !== undefined) downMs = Math.max(downMs, last.at - downSince);
      const gone = [...before].filter(([pid]) => !last.vital.has(pid)).map(([, cmd]) => cmd);
      const replaced = last.vital.size >= before.size;
      const mib = (kib: number) => Math.round(kib / 1024);
      return {
        baseMiB: mib(median(baseline.map((s) => s.kib))),
        peakMiB: mib(Math.max(...during.map((s) => s.kib))),
        basePgMiB: mib(median(baseline.map((s) => s.pgKib))),
        peakPgMiB: mib(Math.max(...during.map((s) => s.pgKib))),
        baseFds: median(baseline.map((s) => s.fds)),
        peakFds: Math.max(...during.map((s) => s.fds)),
        died: replaced ? [] : gone,
        restarted: replaced ? gone.length : 0,
        downMs,
        samples: baseline.length + during.length,
      };
    },
  };
}
