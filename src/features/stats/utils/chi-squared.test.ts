import { describe, expect, it } from 'vitest';
import { chiSquaredPValue, logGamma, upperGammaQ } from './chi-squared';

describe('logGamma', () => {
  it('matches factorials and Γ(1/2) = √π', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(4.5)).toBeCloseTo(Math.log(11.631728396567448), 12);
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 12);
  });
});

describe('chiSquaredPValue', () => {
  // Critical values from the chi-squared table (NIST/SEMATECH e-Handbook, table 1.3.6.7.4).
  it.each([
    [16.919, 9, 0.05],
    [21.666, 9, 0.01],
    [8.343, 9, 0.5],
    [14.684, 9, 0.1],
    [2.088, 9, 0.99],
    [50.998, 36, 0.05],
    [58.619, 36, 0.01],
    [35.336, 36, 0.5],
    [23.269, 36, 0.95],
  ])('χ² = %f with %i degrees of freedom has p ≈ %f', (statistic, df, p) => {
    expect(chiSquaredPValue(statistic, df)).toBeCloseTo(p, 3);
  });

  it('is exactly e^(-x/2) with two degrees of freedom', () => {
    for (const x of [0.5, 4, 10, 30])
      expect(chiSquaredPValue(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
  });

  it('is 1 at zero, falls as the statistic grows, and stays in [0, 1]', () => {
    expect(chiSquaredPValue(0, 9)).toBe(1);
    const values = [1, 5, 10, 20, 50, 200].map((x) => chiSquaredPValue(x, 36));
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThan(values[i - 1]!);
    expect(values.at(-1)).toBeGreaterThanOrEqual(0);
  });

  it('refuses what has no p-value', () => {
    expect(() => upperGammaQ(0, 1)).toThrow(RangeError);
    expect(() => upperGammaQ(1, -1)).toThrow(RangeError);
  });
});
