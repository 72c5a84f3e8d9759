/**
 * Start time of the local stack: from spawning `node --import tsx server/src/main.ts` (npx's
 * own start-up, ~0.5 s, is left out) to its banner, which follows PostgreSQL's start, the
 * migrations, the seed and the HTTP listen. Three starts over one data dir:
 *   first  fresh dir: initdb, bootstrap, migrations, demo seed, a generated admin (bcrypt)
 *   warm   the same dir after a clean stop (Ctrl+C: SIGINT)
 *   after kill -9   the Node process killed, its PostgreSQL left running and the lock stale
 *
 *   npx tsx bench/start.bench.ts [--port=9190]
 *
 * What `npx tsx` would add (an empty script run both ways) is reported on its own.
 *
 * Targets (docs/benchmarks.md): first start ≤ 5 s, warm start ≤ 2 s.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { reportFigures, type Figure } from './lib/figures.ts';
import {
  freshDataDir,
  serverCommand,
  startStackProcess,
  type StackProcess,
} from '../tests/utils/stack-process.ts';

const portArg = process.argv.find((arg) => arg.startsWith('--port='));
const PORT = Number(portArg?.slice('--port='.length) ?? 9190);

/** The stack answers HTTP once the banner is out; a check keeps the figure honest. */
async function assertServing(stack: StackProcess): Promise<void> {
  const response = await fetch(`${stack.url}/rest/v1/lottery_results?select=id&limit=1`, {
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}` },
  });
  if (response.status !== 200) throw new Error(`REST answered ${response.status}`);
  await response.arrayBuffer();
}

/** What `npx tsx` adds to a start, which the figures above leave out: both run an empty script. */
function npxOverhead(): number {
  const time = (command: string, args: string[]) => {
    const started = performance.now();
    const result = spawnSync(command, args, { stdio: 'ignore' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
    return performance.now() - started;
  };
  return time('npx', ['tsx', '-e', '0']) - time(process.execPath, ['--import', 'tsx', '-e', '0']);
}

async function main(): Promise<void> {
  const dataDir = freshDataDir();
  let stack: StackProcess | undefined;
  try {
    stack = await startStackProcess({ port: PORT, dataDir, echo: true });
    const first = stack.readyMs;
    await assertServing(stack);
    await stack.stop({ keepData: true });

    stack = await startStackProcess({ port: PORT, dataDir, echo: true });
    const warm = stack.readyMs;
    await assertServing(stack);
    await stack.kill9();

    stack = await startStackProcess({ port: PORT, dataDir, echo: true });
    const afterKill = stack.readyMs;
    await assertServing(stack);

    console.log(`\nStart of \`${serverCommand}\` to its banner, port ${PORT}\n`);
    console.log('| start | ms |\n|---|---:|');
    console.log(`| first (fresh data dir) | ${first.toFixed(0)} |`);
    console.log(`| warm (after Ctrl+C) | ${warm.toFixed(0)} |`);
    console.log(`| after kill -9 | ${afterKill.toFixed(0)} |`);
    const npx = npxOverhead();
    console.log(`\n\`npx tsx\` instead of \`node --import tsx\` adds ${npx.toFixed(0)} ms`);
    const figure = (name: string, value: number): Figure => ({
      name,
      unit: 'ms',
      value,
      better: 'lower',
    });
    reportFigures([
      figure('first start (fresh data dir)', first),
      figure('warm start', warm),
      figure('start after kill -9', afterKill),
      figure('npx tsx overhead (not in the starts above)', npx),
    ]);
  } finally {
    await stack?.stop();
  }
}

await main();
