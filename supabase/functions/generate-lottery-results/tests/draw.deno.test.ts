import { ACCEPT_BELOW, candidateRows, drawPrizeValues, type RandomFill } from '../draw.ts';
import { validateRange } from '../validate.ts';
import { assert, assertEquals } from './assert.ts';
import { chiSquaredUniform, tally } from './chi-squared.ts';

/**
 * Fairness thresholds, fixed in advance. Each bound is the chi-squared quantile for a one-sided
 * false-failure probability of 1e-6 (scipy.stats.chi2.isf / ppf): an upper bound catches bias, a
 * lower bound catches a generator too regular to be random (e.g. a counter). Five statistics,
 * two tails each: a correct generator fails a run with probability at most 1e-5.
 */
const DF9 = { lower: 0.228, upper: 44.82 };
const DF9999 = { lower: 9341, upper: 10_686 };
/** 1,000,000 draws: 100,000 expected per digit and 100 per value, well above chi-squared's 5. */
const DRAWS = 1_000_000;

function assertUniform(
  counts: ArrayLike<number>,
  bounds: { lower: number; upper: number },
  label: string,
): void {
  const statistic = chiSquaredUniform(counts);
  assert(
    statistic > bounds.lower && statistic < bounds.upper,
    `${label}: chi-squared ${statistic.toFixed(2)} outside (${bounds.lower}, ${bounds.upper})`,
  );
}

/** A fake generator that replays a script, then zeros. */
function scripted(values: number[]): RandomFill {
  let i = 0;
  return (buffer) => {
    for (let j = 0; j < buffer.length; j++) buffer[j] = i < values.length ? values[i++]! : 0;
  };
}

Deno.test('the rejection bound is the largest multiple of 10,000 within 16 bits', () => {
  assertEquals(ACCEPT_BELOW, 60_000);
  assert(ACCEPT_BELOW % 10_000 === 0 && ACCEPT_BELOW <= 65_536 && ACCEPT_BELOW + 10_000 > 65_536);
});

Deno.test('values at or above the bound are redrawn, values below map by % 10,000', () => {
  const values = drawPrizeValues(
    5,
    scripted([60_000, 65_535, 59_999, 0, 10_000, 61_234, 45_678, 9_999]),
  );
  assertEquals(values, [9_999, 0, 0, 5_678, 9_999]);
});

Deno.test('every prize value is reachable from exactly six 16-bit values', () => {
  const hits = new Uint8Array(10_000);
  for (let v = 0; v < 65_536; v++) if (v < ACCEPT_BELOW) hits[v % 10_000]!++;
  assert(hits.every((n) => n === 6));
});

Deno.test(
  `fairness: ${DRAWS} draws are uniform per digit position (df 9) and over 10,000 values (df 9999)`,
  () => {
    const { byValue, byDigit } = tally(drawPrizeValues(DRAWS));
    byDigit.forEach((counts, position) => assertUniform(counts, DF9, `digit ${position + 1}`));
    assertUniform(byValue, DF9999, 'values 0000-9999');
  },
);

Deno.test('the test has power: plain modulo (no rejection) fails it', () => {
  const biased = new Uint16Array(DRAWS);
  crypto.getRandomValues(biased.subarray(0, 32_768));
  for (let i = 32_768; i < DRAWS; i += 32_768)
    crypto.getRandomValues(biased.subarray(i, i + 32_768));
  const { byValue } = tally(Array.from(biased, (v) => v % 10_000));
  // Expected excess ≈ 5,750 over df, some 40 standard deviations: this never passes by chance.
  assert(chiSquaredUniform(byValue) > DF9999.upper, 'modulo bias went unnoticed');
});

Deno.test('rows cover every hour of every day, with well-formed draw times and prizes', () => {
  const result = validateRange({ fromDate: '2024-02-28', toDate: '2024-03-01' });
  assert(result.ok);
  const rows = candidateRows(result.range);
  assertEquals(rows.length, 72);
  assertEquals(rows[0], {
    ...rows[0]!,
    draw_date: '2024-02-28',
    draw_hour: 0,
    draw_time: '00:30:00',
  });
  assertEquals(rows[47], {
    ...rows[47]!,
    draw_date: '2024-02-29',
    draw_hour: 23,
    draw_time: '23:30:00',
  });
  assertEquals(new Set(rows.map((r) => `${r.draw_date} ${r.draw_hour}`)).size, 72);
  assert(
    rows.every((r) => /^[0-9]{4}$/.test(r.first_prize)),
    'prizes are four digits',
  );
});
