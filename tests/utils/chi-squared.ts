/** Pearson's chi-squared statistic of observed counts against a uniform expectation. */
export function chiSquaredUniform(counts: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i]!;
  const expected = total / counts.length;
  let statistic = 0;
  for (let i = 0; i < counts.length; i++) statistic += (counts[i]! - expected) ** 2 / expected;
  return statistic;
}

/** Counts of each prize value (10,000 cells) and of each digit at each of the 4 positions. */
export function tally(values: readonly number[]): { byValue: Uint32Array; byDigit: Uint32Array[] } {
  const byValue = new Uint32Array(10_000);
  const byDigit = [0, 1, 2, 3].map(() => new Uint32Array(10));
  for (const value of values) {
    byValue[value]!++;
    byDigit[0]![Math.floor(value / 1000)]!++;
    byDigit[1]![Math.floor(value / 100) % 10]!++;
    byDigit[2]![Math.floor(value / 10) % 10]!++;
    byDigit[3]![value % 10]!++;
  }
  return { byValue, byDigit };
}
