import type { Result } from 'lighthouse';

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof categories)[number];

/** Performance ≥ 95, everything else 100 (docs/lighthouse/README.md). */
export const targets: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

/** The pages measured (bench/lighthouse.ts gives each its path). */
export const LIGHTHOUSE_PAGES = [
  'today',
  'history',
  'grid',
  'check',
  'stats',
  'draw',
  // Thai Today: a language with a font of its own, whose late arrival once shifted the page.
  'today-th',
] as const;

/** Issue 26 holds mobile higher: performance ≥ 98 on every page, in every run. */
export const MOBILE_PERFORMANCE = 98;

export function targetOf(category: Category, formFactor: string): number {
  return category === 'performance' && formFactor === 'mobile'
    ? MOBILE_PERFORMANCE
    : targets[category];
}

const metricIds = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;

export interface RunSummary {
  name: string;
  url: string;
  formFactor: string;
  scores: Record<Category, number | null>;
  metrics: Record<keyof typeof metricIds, number | null>;
  /** What the page transferred and what Lighthouse says of its JavaScript is unused, in KiB. */
  bytes: { total: number; unusedJs: number };
  failedAudits: { category: Category; id: string; title: string; score: number | null }[];
  missed: string[];
}

const kib = (bytes: unknown) => Math.round((typeof bytes === 'number' ? bytes : 0) / 102.4) / 10;

/** Scores 0–100, metrics in ms (CLS unitless), and every scored audit under 1 with its title. */
export function summarize(name: string, lhr: Result): RunSummary {
  const scores = {} as RunSummary['scores'];
  const failedAudits: RunSummary['failedAudits'] = [];
  const missed: string[] = [];
  for (const category of categories) {
    const entry = lhr.categories[category];
    const score = entry?.score == null ? null : Math.round(entry.score * 100);
    scores[category] = score;
    const target = targetOf(category, lhr.configSettings.formFactor);
    if (score === null || score < target) {
      missed.push(`${name} ${category} ${score ?? 'n/a'} < ${target}`);
    }
    for (const ref of entry?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      // Metrics are reported as numbers; list only the audits a fix or an explanation applies to.
      if (ref.group === 'metrics') continue;
      const mode = audit.scoreDisplayMode;
      if (mode === 'informative' || mode === 'notApplicable' || mode === 'manual') continue;
      failedAudits.push({ category, id: ref.id, title: audit.title, score: audit.score });
    }
  }
  const metrics = {} as RunSummary['metrics'];
  for (const [key, id] of Object.entries(metricIds) as [keyof typeof metricIds, string][]) {
    const value = lhr.audits[id]?.numericValue;
    metrics[key] = value === undefined ? null : Math.round(value * (key === 'cls' ? 1000 : 1));
    if (key === 'cls' && value !== undefined) metrics[key] = Number(value.toFixed(3));
  }
  // Issue 26: no layout shift on any page, at any hour (rows keep their room while loading).
  if (metrics.cls !== null && metrics.cls > 0) missed.push(`${name} CLS ${metrics.cls} > 0`);
  return {
    name,
    url: lhr.finalDisplayedUrl,
    formFactor: lhr.configSettings.formFactor,
    scores,
    metrics,
    bytes: {
      total: kib(lhr.audits['total-byte-weight']?.numericValue),
      unusedJs: kib(
        (lhr.audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined)
          ?.overallSavingsBytes,
      ),
    },
    failedAudits,
    missed,
  };
}

const pad = (text: string, width: number) => text.padEnd(width);

export function scoreTable(runs: RunSummary[]): string {
  const head = ['run', 'perf', 'a11y', 'bp', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'SI'];
  const widths = [16, 5, 5, 5, 5, 7, 7, 6, 6, 7];
  const ms = (value: number | null) => (value === null ? 'n/a' : `${value}ms`);
  const rows = runs.map((run) => [
    run.name,
    ...categories.map((c) => String(run.scores[c] ?? 'n/a')),
    ms(run.metrics.fcp),
    ms(run.metrics.lcp),
    ms(run.metrics.tbt),
    String(run.metrics.cls ?? 'n/a'),
    ms(run.metrics.si),
  ]);
  return [head, ...rows]
    .map((cells) => cells.map((cell, i) => pad(cell, widths[i] ?? 8)).join(' '))
    .join('\n');
}
