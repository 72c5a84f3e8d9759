// The contract between each benchmark script and `npm run bench` (bench/run-all.ts): a script
// measures once, prints a human summary, and when BENCH_RESULT_FILE is set writes its figures
// there as JSON. The runner repeats scripts and reports min/median/max per figure. Why a run
// failed goes to BENCH_PROBLEM_FILE, one line each, so docs/benchmarks.md can say it rather than
// only an exit code.
import { appendFileSync, writeFileSync } from 'node:fs';

export interface Figure {
  /** Stable, human-readable name, e.g. "REST one day as anon: throughput". */
  name: string;
  unit: string;
  value: number;
  /** Whether a smaller value is better (latencies, sizes) or a larger one (throughput). */
  better: 'lower' | 'higher';
  /** The comparable figure measured in the same run (raw `pg`, a static file), if any. */
  baseline?: { name: string; value: number };
}

/**
 * Writes the run's figures for the runner (a no-op when a script runs on its own). A run that
 * measured nothing, or a figure that is not a number, ends the script with an error either way.
 */
export function reportFigures(figures: Figure[]): void {
  if (figures.length === 0) throw new Error('the benchmark measured no figure');
  const bad = figures.filter((figure) => !Number.isFinite(figure.value));
  if (bad.length > 0)
    throw new Error(`no value for ${bad.map((figure) => figure.name).join(', ')}`);
  const file = process.env.BENCH_RESULT_FILE;
  if (file) writeFileSync(file, JSON.stringify({ figures }, null, 2));
}

/** Records why this run fails (a missed check, an error); a no-op when run on its own. */
export function reportProblem(reason: string): void {
  const file = process.env.BENCH_PROBLEM_FILE;
  if (file) appendFileSync(file, `${reason.replace(/\s+/g, ' ').trim()}\n`);
}

/** An error's first paragraph (Playwright appends call logs after a blank line). */
export function errorReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const message = error.message.split(/\n\s*\n/)[0]!;
  return /\w*Error\b/.test(message) ? message : `${error.name}: ${message}`;
}

// Every benchmark imports this module, so an error that ends a script (a rejected top-level
// await, an unhandled rejection, a throw) is recorded before Node prints it and exits with 1.
process.on('uncaughtExceptionMonitor', (error) => reportProblem(errorReason(error)));
