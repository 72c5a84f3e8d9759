// The contract between each benchmark script and `npm run bench` (bench/run-all.ts): a script
// measures once, prints a human summary, and when BENCH_RESULT_FILE is set writes its figures
// there as JSON. The runner repeats scripts and reports min/median/max per figure.
import { writeFileSync } from 'node:fs';

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

/** Writes the run's figures for the runner; a no-op when a script runs on its own. */
export function reportFigures(figures: Figure[]): void {
  const file = process.env.BENCH_RESULT_FILE;
  if (file) writeFileSync(file, JSON.stringify({ figures }, null, 2));
}
