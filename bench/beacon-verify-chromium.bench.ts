// BLS verification of a drand round in Chromium (ADR 023): what a visitor's browser pays when the
// draw page's verification checks a round. src/shared/beacon/verify.ts is bundled as the app bundles
// it (esbuild, ES2022, minified) and run in a blank page of Debian's Chromium on the nine recorded
// quicknet rounds against the pinned key, one after another after a warm-up; the same code in
// Node in this same run is the baseline. Run: `npx tsx bench/beacon-verify-chromium.bench.ts [n]`.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { QUICKNET } from '../src/shared/beacon/chains.ts';
import { verifyRound, type BeaconRound } from '../src/shared/beacon/verify.ts';
import { launchChromium } from './lib/browser-timing.ts';
import { reportFigures, type Figure } from './lib/figures.ts';

const COUNT = Number(process.argv[2] ?? process.env.BENCH_VERIFICATIONS ?? 40);
const WARM_UP = 5;

const { rounds } = JSON.parse(
  readFileSync(new URL('../tests/fixtures/drand/quicknet-rounds.json', import.meta.url), 'utf8'),
) as { rounds: BeaconRound[] };

// The page gets one global, `benchVerify(i)`, that verifies round i and throws if it does not.
const entry = `
import { QUICKNET } from './src/shared/beacon/chains.ts';
import { verifyRound } from './src/shared/beacon/verify.ts';
const rounds = ${JSON.stringify(rounds)};
globalThis.benchVerify = (i) => {
  if (!verifyRound(QUICKNET, rounds[i % rounds.length]).ok) throw new Error('Not verified');
};`;
const bundled = await build({
  stdin: { contents: entry, resolveDir: new URL('..', import.meta.url).pathname, loader: 'ts' },
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  write: false,
});

/** [first call, sorted later calls] in ms, as the page's own clock measures them. */
const IN_PAGE = `((count, warmUp) => {
  const start = performance.now();
  benchVerify(0);
  const cold = performance.now() - start;
  const times = [];
  for (let i = 1; i <= count + warmUp; i += 1) {
    const t = performance.now();
    benchVerify(i);
    if (i > warmUp) times.push(performance.now() - t);
  }
  return [cold, times.sort((a, b) => a - b)];
})`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const browser = await launchChromium();
let cold: number;
let times: number[];
try {
  const page = await (await browser.newContext()).newPage();
  await page.setContent('<!doctype html><title>bench</title>');
  await page.addScriptTag({ content: bundled.outputFiles[0]!.text });
  [cold, times] = await page.evaluate(`${IN_PAGE}(${COUNT}, ${WARM_UP})`);
} finally {
  await browser.close();
}

// Node, same rounds, same count, after the browser: the baseline of this run.
if (!verifyRound(QUICKNET, rounds[0]!).ok) throw new Error('A recorded round did not verify');
const node: number[] = [];
for (let i = 1; i <= COUNT + WARM_UP; i += 1) {
  const start = performance.now();
  if (!verifyRound(QUICKNET, rounds[i % rounds.length]!).ok) throw new Error('Not verified');
  if (i > WARM_UP) node.push(performance.now() - start);
}
node.sort((a, b) => a - b);

const figures: Figure[] = [
  { name: 'Chromium: verify a round, first call', unit: 'ms', value: cold, better: 'lower' },
  {
    name: 'Chromium: verify a round: p50',
    unit: 'ms',
    value: percentile(times, 50),
    better: 'lower',
    baseline: { name: 'Node: verify a round: p50', value: percentile(node, 50) },
  },
  {
    name: 'Chromium: verify a round: p95',
    unit: 'ms',
    value: percentile(times, 95),
    better: 'lower',
  },
];
for (const figure of figures)
  console.log(`${figure.name}: ${figure.value.toFixed(2)} ${figure.unit}`);
console.log(`Node: verify a round: p50: ${percentile(node, 50).toFixed(2)} ms`);
reportFigures(figures);
