/**
 * `npm run bench`: runs every benchmark (bench/lib/bench-list.ts) as a child process, serially,
 * `runs` times each, collects the figures each run writes to BENCH_RESULT_FILE
 * (bench/lib/figures.ts), and writes docs/benchmarks.md with min/median/max per figure, the
 * ratio to its baseline and the machine.
 *
 *   npm run bench [-- --only rest,page-load] [--runs N] [--quick] [--out path]
 *
 * `--quick` (`npm run bench:quick`): one run each, shorter where a bench has a shorter form.
 * A run that exits non-zero or reports no figure fails the whole run, by name, at the end.
 * The full run is held under BUDGET_MINUTES on the project's machine; its time is printed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { format, resolveConfig } from 'prettier';
import { summarize } from './lib/aggregate.ts';
import { BENCHES, type BenchSpec } from './lib/bench-list.ts';
import { ensureBuild } from '../tests/utils/ensure-build.ts';
import type { Figure } from './lib/figures.ts';
import { describeMachine, machineLine } from './lib/machine.ts';
import { repoRoot } from '../server/src/config.ts';
import { runOnce } from './lib/run-once.ts';
import { renderHeader, renderSection, sectionMachine } from './lib/report-md.ts';
import type { BenchOutcome } from './lib/report-md.ts';
import { mergeReport } from './lib/report-merge.ts';

/** Issue 26: `npm run bench` stays under this on the project's shared 2-core machine. */
const BUDGET_MINUTES = 15;

/** Set by Ctrl+C: the running benchmark is stopped and no further run starts. */
let interrupted = false;

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const inline = args.find((arg) => arg.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

function selectBenches(): BenchSpec[] {
  const only = option('only');
  if (!only) return BENCHES;
  const names = only.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !BENCHES.some((spec) => spec.name === name));
  if (unknown.length > 0)
    throw new Error(
      `Unknown benchmark ${unknown.join(', ')}; known: ${BENCHES.map((s) => s.name).join(', ')}`,
    );
  return BENCHES.filter((spec) => names.includes(spec.name));
}

/** A reason as printed, in a code span so markdown leaves it alone; long ones are cut. */
function codeSpan(text: string): string {
  const flat = text.replace(/`/g, "'");
  return `\`${flat.length > 600 ? `${flat.slice(0, 600)}…` : flat}\``;
}

async function runBench(
  spec: BenchSpec,
  runs: number,
  dir: string,
  args: string[],
): Promise<BenchOutcome> {
  const figures: Figure[][] = [];
  const problems: string[] = [];
  let attempted = 0;
  const started = performance.now();
  for (let run = 1; run <= runs && !interrupted; run++) {
    console.log(`\n=== [${spec.name} ${run}/${runs}] ${spec.script} ${args.join(' ')}`);
    const files = {
      result: path.join(dir, `${spec.name}-${run}.json`),
      problem: path.join(dir, `${spec.name}-${run}.problem`),
    };
    const runStart = performance.now();
    const result = await runOnce({ ...spec, args }, files);
    const took = ((performance.now() - runStart) / 1000).toFixed(1);
    interrupted ||= result.interrupted;
    attempted += 1;
    if (result.figures) figures.push(result.figures);
    if (result.exit !== 0 || result.reasons.length > 0)
      problems.push(
        `Run ${run} exited with ${result.exit}${result.figures ? ' (its figures are included)' : ' and wrote no figures'}: ${codeSpan(result.reasons.join('; '))}`,
      );
    console.log(`=== [${spec.name} ${run}/${runs}] done in ${took} s, exit ${result.exit}`);
  }
  return {
    spec,
    runs: attempted,
    summaries: summarize(figures),
    problems,
    seconds: (performance.now() - started) / 1000,
  };
}

async function main(): Promise<void> {
  const selected = selectBenches();
  const missing = selected.filter((spec) => !existsSync(path.join(repoRoot, spec.script)));
  if (missing.length > 0) {
    const list = missing.map((spec) => `${spec.name} (${spec.script})`).join(', ');
    throw new Error(`Missing benchmark script: ${list}. Select others with --only.`);
  }
  const quick = process.argv.includes('--quick');
  const runsOption = option('runs');
  const runs = runsOption === undefined ? (quick ? 1 : undefined) : Number(runsOption);
  if (runs !== undefined && (!Number.isInteger(runs) || runs < 1))
    throw new Error('--runs must be a positive integer');
  const out = path.resolve(repoRoot, option('out') ?? 'docs/benchmarks.md');
  const started = performance.now();
  ensureBuild(); // once, so no run's timing includes a build
  const machine = machineLine(describeMachine(repoRoot));
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  console.log(`Machine: ${machine}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-bench-results-'));
  const outcomes = new Map<string, BenchOutcome>();
  try {
    for (const spec of selected) {
      const args = quick ? (spec.quickArgs ?? spec.args) : spec.args;
      outcomes.set(spec.name, await runBench(spec, runs ?? spec.runs, dir, args));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const sections = new Map(
    [...outcomes.values()].map((outcome) => [
      outcome.spec.name,
      renderSection(outcome, date, machine),
    ]),
  );
  // A section kept from an earlier run on another machine says so where the reader sees it (once).
  const keep = (kept: string) => {
    const other = sectionMachine(kept);
    const note = `Machine: ${other}.`;
    if (!other || other === machine || kept.includes(note)) return kept;
    return kept.replace(/\n## .*\n/, (heading) => `${heading}\n${note}\n`);
  };
  const command = [
    'npm run bench',
    ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : []),
  ].join(' ');
  const earlier = existsSync(out) ? readFileSync(out, 'utf8') : undefined;
  const names = BENCHES.map((spec) => spec.name);
  const draft = mergeReport(earlier, '', sections, names, keep);
  const absent = names.filter((name) => !draft.includes(`<!-- bench:${name} -->`));
  const header = renderHeader(machine, date, command, absent);
  const markdown = mergeReport(earlier, header, sections, names, keep);
  const config = (await resolveConfig(out)) ?? {};
  writeFileSync(out, await format(markdown, { ...config, filepath: out }));
  console.log(`\nWrote ${path.relative(repoRoot, out)}`);
  for (const outcome of outcomes.values())
    for (const s of outcome.summaries)
      console.log(
        `${outcome.spec.name}: ${s.name}: median ${s.median.toFixed(1)} ${s.unit}${s.ratio === undefined ? '' : `, ratio ${s.ratio.toFixed(2)}`}`,
      );
  const minutes = (performance.now() - started) / 60_000;
  console.log(`\nAll of it took ${minutes.toFixed(1)} min.`);
  if (minutes > BUDGET_MINUTES && !option('only') && !quick)
    console.error(
      `npm run bench took ${minutes.toFixed(1)} min, above its ${BUDGET_MINUTES}-minute budget: lower a bench's runs in bench/lib/bench-list.ts.`,
    );
  const failed = [...outcomes.values()].filter((outcome) => outcome.problems.length > 0);
  if (failed.length > 0) {
    console.error('\nFAILED benchmarks (their sections in the file say why):');
    for (const outcome of failed)
      console.error(`  ${outcome.spec.name}: ${outcome.problems.length} of ${outcome.runs} runs`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
