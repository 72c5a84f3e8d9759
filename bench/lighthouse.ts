/**
 * `npm run lighthouse`: Lighthouse 12 on Today, History, the grid, Check, Stats, a draw page and
 * Thai Today, mobile (the default config, simulated throttling) and desktop, against the local
 * stack with demo data. Writes the HTML reports and summary.json to docs/lighthouse/, prints a
 * score table and exits 1 when a target is missed.
 *
 *   npm run lighthouse -- [--runs 3] [--build | --no-build] [--only desktop-history] [--out dir]
 *
 * Each page is measured --runs times (3 unless told) and the run with the median performance
 * score is kept and judged (Lighthouse's own advice for variable machines: one run's score moves
 * with whatever else the host is doing); every score is still recorded.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { type Config, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { ensureBuild } from '../tests/utils/ensure-build.ts';
import { errorReason, reportFigures, reportProblem } from './lib/figures.ts';
import { launchChromium } from './lib/lighthouse-chromium.ts';
import {
  LIGHTHOUSE_PAGES,
  MOBILE_PERFORMANCE,
  scoreTable,
  summarize,
  type RunSummary,
} from './lib/lighthouse-report.ts';
import { startStackProcess } from '../tests/utils/stack-process.ts';

// LIGHTHOUSE_PORT moves both (it and the next), for a machine where another run holds 9170.
const stackPort = Number(process.env.LIGHTHOUSE_PORT) || 9170;
const chromiumPort = stackPort + 1;
// Yesterday's 14:30 draw on the stack's lottery clock (UTC): the demo data has it published.
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const paths: Record<(typeof LIGHTHOUSE_PAGES)[number], string> = {
  today: '/',
  history: '/history',
  grid: '/grid',
  check: '/check?n=1234',
  stats: '/stats',
  draw: `/draw/${yesterday}/14`,
  'today-th': '/th/',
};
const pages = LIGHTHOUSE_PAGES.map((name) => ({ name, path: paths[name] }));
const formFactors: { name: 'mobile' | 'desktop'; config?: Config }[] = [
  { name: 'mobile' },
  { name: 'desktop', config: desktopConfig },
];
const root = path.resolve(import.meta.dirname, '..');

async function measure(
  url: string,
  config: Config | undefined,
): Promise<{ lhr: Result; html: string }> {
  const chromium = await launchChromium(chromiumPort);
  try {
    const result = await lighthouse(
      url,
      { port: chromium.port, output: 'html', logLevel: 'error' },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return { lhr: result.lhr, html: String(result.report) };
  } finally {
    await chromium.close();
  }
}

/** Lighthouse's own trace errors (NO_NAVSTART, NO_FCP) are transient on a busy machine. */
async function measureWithRetry(url: string, config: Config | undefined) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, config);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`  retrying: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The run whose performance score is the median of the set. */
function median<T extends { lhr: Result }>(runs: T[]): T {
  const sorted = [...runs].sort(
    (a, b) =>
      (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
  );
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      build: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      // e.g. `--only desktop-history`: measure a subset while working on a finding.
      only: { type: 'string' },
      out: { type: 'string' },
    },
  });
  // A subset (--only) must not replace the full set of reports kept in docs/.
  const defaultOut = values.only ? ['.tmp', 'lighthouse'] : ['docs', 'lighthouse'];
  const outDir = path.resolve(values.out ?? path.join(root, ...defaultOut));
  const runs = Math.max(1, Number.parseInt(values.runs, 10) || 1);
  if (!values['no-build']) ensureBuild({ force: values.build });
  // A fresh data dir with the demo results, so the pages show what a visitor sees.
  const stack = await startStackProcess({
    echo: true,
    port: stackPort,
    env: {
      SEED_DEMO: 'true',
      ADMIN_EMAIL: 'lighthouse-admin@example.com',
      ADMIN_PASSWORD: `lh-${randomUUID()}`,
    },
  });
  // localhost, as a visitor would type it (a secure context for the best-practice audits).
  const siteUrl = `http://localhost:${stackPort}`;
  const summaries: (RunSummary & { performanceRuns: number[] })[] = [];
  let lighthouseVersion = '';
  // Simulated throttling scales the CPU time observed here: a busy machine inflates TBT.
  const benchmarkIndexes: number[] = [];
  try {
    mkdirSync(outDir, { recursive: true });
    for (const formFactor of formFactors) {
      for (const page of pages) {
        const name = `${formFactor.name}-${page.name}`;
        if (values.only && !values.only.split(',').includes(name)) continue;
        const attempts = [];
        for (let i = 0; i < runs; i++) {
          console.log(`Lighthouse ${formFactor.name} ${page.path} (${i + 1}/${runs})...`);
          attempts.push(await measureWithRetry(`${siteUrl}${page.path}`, formFactor.config));
        }
        const kept = median(attempts);
        lighthouseVersion = kept.lhr.lighthouseVersion;
        benchmarkIndexes.push(...attempts.map((a) => a.lhr.environment.benchmarkIndex));
        writeFileSync(path.join(outDir, `${name}.html`), kept.html);
        // Desktop performance is judged on the median run (it moves with the host); every other
        // miss in any attempt fails the gate too, mobile performance included (issue 26: three
        // runs out of three).
        const otherMisses = attempts
          .filter((attempt) => attempt !== kept)
          .flatMap((attempt) => summarize(name, attempt.lhr).missed)
          .filter((miss) => formFactor.name === 'mobile' || !miss.includes(' performance '));
        const keptSummary = summarize(name, kept.lhr);
        summaries.push({
          ...keptSummary,
          missed: [...new Set([...keptSummary.missed, ...otherMisses])],
          performanceRuns: attempts.map((a) =>
            Math.round((a.lhr.categories.performance?.score ?? 0) * 100),
          ),
        });
      }
    }
  } finally {
    await stack.stop();
  }
  const summary = {
    date: new Date().toISOString(),
    lighthouseVersion,
    benchmarkIndexes,
    loadAverage: loadavg().map((load) => Math.round(load * 10) / 10),
    runsPerPage: runs,
    runs: summaries,
  };
  writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  reportFigures(
    summaries.flatMap((run) => [
      {
        name: `${run.name}: performance`,
        unit: 'score',
        value: run.scores.performance ?? 0,
        better: 'higher' as const,
      },
      {
        name: `${run.name}: LCP`,
        unit: 'ms',
        value: run.metrics.lcp ?? NaN,
        better: 'lower' as const,
      },
      {
        name: `${run.name}: CLS`,
        unit: 'score',
        value: run.metrics.cls ?? NaN,
        better: 'lower' as const,
      },
    ]),
  );
  console.log(`\n${scoreTable(summaries)}\n`);
  const missed = summaries.flatMap((run) => run.missed);
  for (const run of summaries) {
    const audits = run.failedAudits.map((audit) => `${audit.id} (${audit.score})`);
    console.log(`${run.name}: unused JS ${run.bytes.unusedJs} KiB; below 1: ${audits.join(', ')}`);
  }
  if (missed.length) {
    console.error(`\nTargets missed:\n  ${missed.join('\n  ')}`);
    reportProblem(`targets missed: ${missed.join('; ')}`);
    return 1;
  }
  console.log(
    `\nAll targets met (performance >= ${MOBILE_PERFORMANCE} on mobile in every run, >= 95 on desktop; the others 100; CLS 0).`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    reportProblem(errorReason(error));
    process.exit(1);
  },
);
