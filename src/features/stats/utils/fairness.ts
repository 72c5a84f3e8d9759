import { current } from '@/i18n/i18n';
import type { Messages } from '@/shared/i18n/messages';
import { chiSquaredPValue } from './chi-squared';

/** Below this many draws some digit expects fewer than 5 hits and the test says little. */
export const FEW_DRAWS = 50;

/** `p = 0.43`, `p = 0.012`, `p < 0.001`. */
export function formatP(p: number): string {
  if (p < 0.001) return 'p < 0.001';
  return `p = ${p.toFixed(p < 0.1 ? 3 : 2)}`;
}

function percent(p: number, i18n: Messages): string {
  if (p < 0.001) return i18n._('stats.percentTiny');
  return `${(p * 100).toFixed(p < 0.1 ? 1 : 0)}%`;
}

/**
 * The fairness check in one plain sentence, from the chi-squared statistic of all four
 * positions (36 degrees of freedom: 9 per position). `null` when nothing was drawn.
 */
export function fairnessSentence(
  statistic: number | null,
  df: number,
  i18n: Messages = current(),
): string | null {
  if (statistic === null) return null;
  const p = chiSquaredPValue(statistic, df);
  const odds = i18n._('stats.odds', { percent: percent(p, i18n), p: formatP(p) });
  if (p >= 0.05) return i18n._('stats.fairEven', { odds });
  if (p >= 0.001) return i18n._('stats.fairUneven', { odds });
  return i18n._('stats.fairFar', { odds });
}
