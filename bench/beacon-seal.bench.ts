// Sealing a seed with tlock (ADR 023): what draw-beacon spends per lock, the figure that bounds
// how many it seals per call under hosted Supabase's 2 s of CPU per request. The function's own
// sealSeed (supabase/functions/draw-beacon/seal.ts) to quicknet's pinned key, one after another
// on one core after a warm-up; CPU time as well as wall time, since the limit counts CPU.
// Run: `npx tsx bench/beacon-seal.bench.ts [seals]`.
import { performance } from 'node:perf_hooks';
import { QUICKNET } from '../src/shared/beacon/chains.ts';
import { sealSeed } from '../supabase/functions/draw-beacon/seal.ts';
import { reportFigures, type Figure } from './lib/figures.ts';

const COUNT = Number(process.argv[2] ?? process.env.BENCH_SEALS ?? 30);
const WARM_UP = 3;
const SEED = 'f5e4ddf3713df27724fc16ed2b049569957a1ecde23c8379207499146802471f';
const ROUND = 30_000_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

// The first seal also builds the pairing tables of tlock-js's own @noble/curves: a cold isolate.
let cpu = process.cpuUsage();
let start = performance.now();
await sealSeed(QUICKNET, ROUND, SEED);
const cold = { wall: performance.now() - start, cpu: cpuMs(cpu) };

const wall: number[] = [];
const cpus: number[] = [];
for (let i = 0; i < COUNT + WARM_UP; i += 1) {
  cpu = process.cpuUsage();
  start = performance.now();
  await sealSeed(QUICKNET, ROUND + i, SEED);
  if (i >= WARM_UP) {
    wall.push(performance.now() - start);
    cpus.push(cpuMs(cpu));
  }
}
wall.sort((a, b) => a - b);
cpus.sort((a, b) => a - b);

const figures: Figure[] = [
  { name: 'seal a seed, first call: CPU', unit: 'ms', value: cold.cpu, better: 'lower' },
  { name: 'seal a seed: CPU p50', unit: 'ms', value: percentile(cpus, 50), better: 'lower' },
  { name: 'seal a seed: CPU p95', unit: 'ms', value: percentile(cpus, 95), better: 'lower' },
  { name: 'seal a seed: wall p50', unit: 'ms', value: percentile(wall, 50), better: 'lower' },
];
for (const figure of figures)
  console.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit}`);
reportFigures(figures);
