import { performance } from 'node:perf_hooks';
import { expect } from 'vitest';

/** The stack an honest visitor reads from while an attack runs. */
export interface ProbeTarget {
  /** The stack's origin, e.g. `http://127.0.0.1:54321`. */
  url: string;
  anonKey: string;
  /** The day the visitor reads (`yyyy-MM-dd`), as the Today page does. */
  date: string;
}

export interface VisitorReport {
  /** Median of the visitor's reads before the attack, in ms. */
  baselineMs: number;
  /** Median and slowest of the visitor's reads while the attack ran, in ms. */
  medianMs: number;
  worstMs: number;
  reads: number;
  /** Every read that did not answer 200 with a JSON array, as `status: body`. */
  failures: string[];
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * One read of the Today page's query as anon, exactly as supabase-js sends it (also the hostile
 * suite's visitor, tests/hostile/observer.ts).
 */
export async function readToday(
  target: ProbeTarget,
  timeoutMs = 30_000,
): Promise<{ ms: number; failure?: string }> {
  const started = performance.now();
  try {
    const response = await fetch(
      `${target.url}/rest/v1/lottery_results?select=*&draw_date=eq.${target.date}&order=draw_hour.desc`,
      {
        headers: { apikey: target.anonKey, Authorization: `Bearer ${target.anonKey}` },
        signal: AbortSignal.timeout(timeoutMs),
      },
    );
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200 || !Array.isArray(JSON.parse(body)))
      return { ms, failure: `${response.status}: ${body.slice(0, 120)}` };
    return { ms };
  } catch (error) {
    return { ms: performance.now() - started, failure: String(error) };
  }
}

/**
 * Measures an honest visitor's read latency against its own baseline in the same run: first
 * `baselineReads` reads on a quiet stack, then reads one after another for as long as `attack`
 * runs. Absolute figures depend on the machine; the ratio to the baseline does not.
 */
export async function whileVisitorReads(
  target: ProbeTarget,
  attack: () => Promise<unknown>,
  { baselineReads = 20 } = {},
): Promise<VisitorReport> {
  const baseline: number[] = [];
  for (let i = 0; i < baselineReads; i++) baseline.push((await readToday(target)).ms);

  const during: number[] = [];
  const failures: string[] = [];
  let attacking = true;
  const visitor = (async () => {
    // At least a few reads even when the attack is over at once.
    while (attacking || during.length < 5) {
      const read = await readToday(target);
      during.push(read.ms);
      if (read.failure) failures.push(read.failure);
    }
  })();
  try {
    await attack();
  } finally {
    attacking = false;
    await visitor;
  }
  return {
    baselineMs: median(baseline),
    medianMs: median(during),
    worstMs: Math.max(...during),
    reads: during.length,
    failures,
  };
}

/**
 * The visitor was served throughout, and its typical read stayed within `factor` times its own
 * baseline. The floor keeps a sub-millisecond baseline from turning scheduler noise into failures.
 */
export function expectVisitorUnharmed(report: VisitorReport, { factor = 5, floorMs = 25 } = {}) {
  expect(report.failures).toEqual([]);
  expect(report.medianMs).toBeLessThanOrEqual(factor * Math.max(report.baselineMs, floorMs));
}
