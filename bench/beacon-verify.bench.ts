// BLS verification of a drand round in Node (ADR 023): what checking a beacon draw costs the
// stack when it stores a round, and the CLI for each draw it verifies. Recorded quicknet rounds
// (tests/fixtures/drand/quicknet-rounds.json) against the pinned key, one after another on one
// core, after a warm-up; the derivation (HMAC) beside it as the baseline the BLS check adds to.
// Run: `npx tsx bench/beacon-verify.bench.ts [verifications]`.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { QUICKNET } from '../src/shared/beacon/chains.ts';
import { deriveBeaconPrize } from '../src/lib/beacon/derive.ts';
import { verifyRound, type BeaconRound } from '../src/shared/beacon/verify.ts';
import { reportFigures, type Figure } from './lib/figures.ts';

const COUNT = Number(process.argv[2] ?? process.env.BENCH_VERIFICATIONS ?? 40);
const WARM_UP = 5;

const { rounds } = JSON.parse(
  readFileSync(new URL('../tests/fixtures/drand/quicknet-rounds.json', import.meta.url), 'utf8'),
) as { rounds: BeaconRound[] };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function time(count: number, run: (i: number) => void): number[] {
  const times: number[] = [];
  for (let i = 0; i < count + WARM_UP; i += 1) {
    const start = performance.now();
    run(i);
    if (i >= WARM_UP) times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

// The very first call also builds noble's precomputed tables: what a browser's first check pays.
const coldStart = performance.now();
if (!verifyRound(QUICKNET, rounds[0]!).ok) throw new Error('A recorded round did not verify');
const cold = performance.now() - coldStart;

const verify = time(COUNT, (i) => {
  if (!verifyRound(QUICKNET, rounds[i % rounds.length]!).ok) throw new Error('Not verified');
});
const seed = 'f5e4ddf3713df27724fc16ed2b049569957a1ecde23c8379207499146802471f';
const derive = time(COUNT * 10, (i) => {
  const beacon = rounds[i % rounds.length]!;
  deriveBeaconPrize(seed, {
    date: '2026-11-23',
    hour: 14,
    ...beacon,
    randomness: beacon.randomness!,
  });
});

const derivation = { name: 'derive a prize: p50', value: percentile(derive, 50) };
const figures: Figure[] = [
  { name: 'verify a round, first call', unit: 'ms', value: cold, better: 'lower' },
  {
    name: 'verify a round: p50',
    unit: 'ms',
    value: percentile(verify, 50),
    better: 'lower',
    baseline: derivation,
  },
  { name: 'verify a round: p95', unit: 'ms', value: percentile(verify, 95), better: 'lower' },
  {
    name: 'verifications per second',
    unit: '/s',
    value: 1000 / (verify.reduce((a, b) => a + b, 0) / verify.length),
    better: 'higher',
  },
];
for (const figure of figures)
  console.log(`${figure.name}: ${figure.value.toFixed(2)} ${figure.unit}`);
console.log(`${derivation.name}: ${derivation.value.toFixed(3)} ms`);
reportFigures(figures);
