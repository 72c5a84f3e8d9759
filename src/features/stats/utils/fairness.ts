import { chiSquaredPValue } from './chi-squared';

/** Below this many draws some digit expects fewer than 5 hits and the test says little. */
export const FEW_DRAWS = 50;

/** `p = 0.43`, `p = 0.012`, `p < 0.001`. */
export function formatP(p: number): string {
  if (p < 0.001) return 'p < 0.001';
  return `p = ${p.toFixed(p < 0.1 ? 3 : 2)}`;
}

function percent(p: number): string {
  if (p < 0.001) return 'less than 0.1%';
  return `${(p * 100).toFixed(p < 0.1 ? 1 : 0)}%`;
}

/**
 * The fairness check in one plain sentence, from the chi-squared statistic of all four
 * positions (36 degrees of freedom: 9 per position). `null` when nothing was drawn.
 */
export function fairnessSentence(statistic: number | null, df: number): string | null {
  if (statistic === null) return null;
  const p = chiSquaredPValue(statistic, df);
  const odds = `${percent(p)} of the time (${formatP(p)})`;
  if (p >= 0.05)
    return `The digits are spread as evenly as fair draws would spread them: a spread at least this uneven happens by chance ${odds}.`;
  if (p >= 0.001)
    return `The digits are spread less evenly than usual: fair draws give a spread at least this uneven only ${odds}, which still happens by chance now and then.`;
  return `The digits are spread far less evenly than fair draws would spread them: by chance alone that happens ${odds}.`;
}
