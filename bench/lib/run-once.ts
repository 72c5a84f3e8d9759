// One run of one benchmark script for bench/run-all.ts, in its own process group so a timeout or
// Ctrl+C also ends the stack and browser it started. Its stderr is passed through and its last
// lines kept: when a script fails without recording why (bench/lib/figures.ts reportProblem),
// the last thing it said is the best reason there is.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { BenchSpec } from './bench-list.ts';
import type { Figure } from './figures.ts';
import { repoRoot } from '../../server/src/config.ts';

const RUN_TIMEOUT_MS = 5 * 60_000;

export interface RunResult {
  /** The exit code, or `signal …`. */
  exit: number | string;
  figures?: Figure[];
  /** Why the run failed, from the script itself or its stderr; empty if it did not. */
  reasons: string[];
  interrupted: boolean;
}

export async function runOnce(spec: BenchSpec, files: { result: string; problem: string }) {
  const child = spawn(process.execPath, ['--import', 'tsx', spec.script, ...spec.args], {
    cwd: repoRoot,
    stdio: ['inherit', 'inherit', 'pipe'],
    detached: true,
    env: { ...process.env, BENCH_RESULT_FILE: files.result, BENCH_PROBLEM_FILE: files.problem },
  });
  const tail: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    process.stderr.write(`${line}\n`);
    if (line.trim() === '' || line.startsWith('npm warn')) return;
    tail.push(line);
    if (tail.length > 20) tail.shift();
  });
  let timedOut = false;
  let interrupted = false;
  const timer = setTimeout(() => {
    timedOut = true;
    process.kill(-child.pid!, 'SIGKILL');
  }, RUN_TIMEOUT_MS);
  const interrupt = () => {
    interrupted = true;
    process.kill(-child.pid!, 'SIGTERM');
  };
  process.once('SIGINT', interrupt);
  const closed = new Promise((resolve) => child.once('close', resolve));
  const exit = await new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? `signal ${signal}`)),
  );
  // Its last stderr lines, unless something it left running still holds the pipe open.
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000))]);
  clearTimeout(timer);
  process.off('SIGINT', interrupt);

  const written = existsSync(files.result)
    ? (JSON.parse(readFileSync(files.result, 'utf8')) as { figures: Figure[] }).figures
    : undefined;
  const unusable = figureProblem(written);
  const figures = unusable ? undefined : written;
  const reasons = existsSync(files.problem)
    ? readFileSync(files.problem, 'utf8').split('\n').filter(Boolean)
    : [];
  if (timedOut) reasons.push(`killed after ${RUN_TIMEOUT_MS / 1000} s without finishing`);
  if (interrupted) reasons.push('interrupted (Ctrl+C)');
  if (reasons.length === 0 && exit !== 0)
    reasons.push(`no reason recorded; last line on stderr: ${tail.at(-1) ?? '(none)'}`);
  // A run that measured nothing fails, whatever its exit code said.
  if (unusable) reasons.push(unusable);
  return { exit, figures, reasons, interrupted } satisfies RunResult;
}

/** Why a run's figures cannot be reported: none at all, or a value that is not a number. */
export function figureProblem(figures: Figure[] | undefined): string | undefined {
  if (!figures || figures.length === 0) return 'it reported no figures';
  const bad = figures.filter((figure) => !Number.isFinite(figure.value));
  return bad.length > 0 ? `no value for ${bad.map((figure) => figure.name).join(', ')}` : undefined;
}
