// Repeated runs of one benchmark folded into min/median/max per figure, and the ratio of the
// median to its baseline's median.
import type { Figure } from './figures.ts';

export interface Summary {
  name: string;
  unit: string;
  better: Figure['better'];
  values: number[];
  min: number;
  median: number;
  max: number;
  baseline?: { name: string; median: number };
  /** median / baseline median; undefined without a baseline or when the baseline is 0. */
  ratio?: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `runs` holds each successful run's figures; figures keep the order of their first run. */
export function summarize(runs: Figure[][]): Summary[] {
  const byName = new Map<string, Figure[]>();
  for (const figures of runs)
    for (const figure of figures) {
      const seen = byName.get(figure.name) ?? [];
      seen.push(figure);
      byName.set(figure.name, seen);
    }
  return [...byName.values()].map((figures) => {
    const first = figures[0]!;
    const values = figures.map((figure) => figure.value);
    const summary: Summary = {
      name: first.name,
      unit: first.unit,
      better: first.better,
      values,
      min: Math.min(...values),
      median: median(values),
      max: Math.max(...values),
    };
    const baselines = figures.flatMap((figure) => (figure.baseline ? [figure.baseline.value] : []));
    if (first.baseline && baselines.length > 0) {
      summary.baseline = { name: first.baseline.name, median: median(baselines) };
      if (summary.baseline.median !== 0) summary.ratio = summary.median / summary.baseline.median;
    }
    return summary;
  });
}
