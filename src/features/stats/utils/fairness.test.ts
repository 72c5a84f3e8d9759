import { describe, expect, it } from 'vitest';
import { fairnessSentence, formatP } from './fairness';

describe('fairnessSentence', () => {
  it('calls an ordinary spread fair, with its p-value', () => {
    // χ² = 35.336 is the median of 36 degrees of freedom: p = 0.50.
    expect(fairnessSentence(35.336, 36)).toBe(
      'The digits are spread as evenly as fair draws would spread them: a spread at least this uneven happens by chance 50% of the time (p = 0.50).',
    );
  });

  it('calls a rare spread unusual, and a very rare one far less even', () => {
    expect(fairnessSentence(58.619, 36)).toMatch(
      /less evenly than usual.*1\.0% of the time \(p = 0\.010\)/,
    );
    expect(fairnessSentence(120, 36)).toMatch(
      /far less evenly.*less than 0\.1% of the time \(p < 0\.001\)/,
    );
  });

  it('says nothing without draws', () => {
    expect(fairnessSentence(null, 36)).toBeNull();
  });
});

describe('formatP', () => {
  it('keeps two decimals, three below 0.1, and a floor at 0.001', () => {
    expect(formatP(0.4321)).toBe('p = 0.43');
    expect(formatP(0.0123)).toBe('p = 0.012');
    expect(formatP(0.0042)).toBe('p = 0.004');
    expect(formatP(0.00001)).toBe('p < 0.001');
  });
});
