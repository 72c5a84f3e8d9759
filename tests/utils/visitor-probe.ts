import { Worker } from 'node:worker_threads';
import { expect } from 'vitest';
import { median, type ProbeTarget } from './read-today.ts';

export type { ProbeTarget } from './read-today.ts';

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

const VISITOR_THREAD = new URL('./visitor-thread.ts', import.meta.url).href;

/** What the visitor thread sends back once the attack is over. */
interface VisitorReads {
  baseline: number[];
  during: number[];
  failures: string[];
}

/**
 * Measures an honest visitor's read latency against its own baseline in the same run: first
 * `baselineReads` reads on a quiet stack, then reads one after another for as long as `attack`
 * runs. Absolute figures depend on the machine; the ratio to the baseline does not.
 *
 * The visitor reads from a thread of its own (visitor-thread.ts), as a visitor reads from a
 * machine of its own: the attacker's client work on this thread (sending, reading its answers)
 * never delays the visitor's reads or its timer. A stack started in this process still shares
 * this thread with that client; rest-attacks, whose answers are large, runs its stack apart.
 */
export async function whileVisitorReads(
  target: ProbeTarget,
  attack: () => Promise<unknown>,
  { baselineReads = 20 } = {},
): Promise<VisitorReport> {
  const visitor = new Worker(
    // A worker runs outside vitest's transform: tsx loads the TypeScript module.
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(VISITOR_THREAD)}, ${JSON.stringify(VISITOR_THREAD)}))`,
    { eval: true, workerData: { target, baselineReads } },
  );
  try {
    const next = () =>
      new Promise<unknown>((resolve, reject) => {
        visitor.once('message', resolve);
        visitor.once('error', reject);
        visitor.once('exit', (code) => reject(new Error(`the visitor thread exited (${code})`)));
      });
    await next(); // the baseline is taken
    try {
      await attack();
    } finally {
      visitor.postMessage('stop');
    }
    const { baseline, during, failures } = (await next()) as VisitorReads;
    return {
      baselineMs: median(baseline),
      medianMs: median(during),
      worstMs: Math.max(...during),
      reads: during.length,
      failures,
    };
  } finally {
    await visitor.terminate();
  }
}

/**
 * The visitor was served throughout, and its typical read stayed within `factor` times its own
 * baseline. The floor keeps a sub-millisecond baseline from turning scheduler noise into failures.
 */
export function expectVisitorUnharmed(report: VisitorReport, { factor = 5, floorMs = 25 } = {}) {
  expect(report.failures).toEqual([]);
  expect(report.medianMs).toBeLessThanOrEqual(factor * Math.max(report.baselineMs, floorMs));
}
