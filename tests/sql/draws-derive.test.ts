import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chiSquaredUniform, tally } from '../utils/chi-squared.ts';
import type { TestDatabase } from '../utils/database.ts';
import { createTestDatabase } from '../utils/database.ts';
import { allow } from '../utils/load-factor.ts';

interface Vector {
  label: string;
  seed: string;
  date: string;
  hour: number;
  commitment: string;
  prize: string;
  steps: Array<{ message: string; value: number }>;
}

const { vectors } = JSON.parse(
  readFileSync(new URL('../fixtures/draw-vectors.json', import.meta.url), 'utf8'),
) as { vectors: Vector[] };

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const derive = async (seed: string, date: string, hour: number) =>
  (
    await db.pool.query<{ prize: string }>(
      `select "private"."derive_prize"(decode($1, 'hex'), $2::date, $3) as "prize"`,
      [seed, date, hour],
    )
  ).rows[0]!.prize;

describe('the derivation in SQL (private.derive_prize)', () => {
  it.each(vectors)('matches the shared vector: $label', async (vector) => {
    expect(await derive(vector.seed, vector.date, vector.hour)).toBe(vector.prize);
    const { rows } = await db.pool.query<{ commitment: string }>(
      `select encode("extensions"."digest"(decode($1, 'hex'), 'sha256'), 'hex') as "commitment"`,
      [vector.seed],
    );
    expect(rows[0]!.commitment).toBe(vector.commitment);
  });

  it('rejects a first value at or above 4,294,960,000 and derives from the next counter', async () => {
    const rejected = vectors.find((vector) => vector.steps.length > 1)!;
    expect(rejected.steps[0]!.value).toBeGreaterThanOrEqual(4_294_960_000);
    // The prize comes from counter 1; counter 0 alone would have given another number.
    expect(rejected.prize).toBe(String(rejected.steps[1]!.value % 10_000).padStart(4, '0'));
    expect(rejected.prize).not.toBe(String(rejected.steps[0]!.value % 10_000).padStart(4, '0'));
    expect(await derive(rejected.seed, rejected.date, rejected.hour)).toBe(rejected.prize);
  });

  it('HMACs exactly the documented message for each counter', async () => {
    for (const vector of vectors) {
      const { rows } = await db.pool.query<{ value: string }>(
        `select ((get_byte(m, 0)::bigint << 24) | (get_byte(m, 1)::bigint << 16)
                 | (get_byte(m, 2)::bigint << 8) | get_byte(m, 3)::bigint)::text as "value"
           from (select "extensions"."hmac"(convert_to($2, 'UTF8'), decode($1, 'hex'), 'sha256') as m) x`,
        [vector.seed, vector.steps[0]!.message],
      );
      expect(Number(rows[0]!.value)).toBe(vector.steps[0]!.value);
    }
  });
});

/**
 * Fairness over many seeds, with the thresholds the old JavaScript draw's test fixed in advance:
 * each is a chi-squared quantile for a one-sided false-failure probability of 1e-6, so a fair
 * derivation fails a run with probability at most 1e-5 (five statistics, two tails).
 */
const DF9 = { lower: 0.228, upper: 44.82 };
const DF9999 = { lower: 9341, upper: 10_686 };
/** 200,000 draws: 20 expected per value (chi-squared wants 5), 20,000 per digit. */
const DRAWS = 200_000;

function assertUniform(counts: ArrayLike<number>, bounds: typeof DF9, label: string): void {
  const statistic = chiSquaredUniform(counts);
  expect(statistic, label).toBeGreaterThan(bounds.lower);
  expect(statistic, label).toBeLessThan(bounds.upper);
}

describe('uniformity', { timeout: allow(120_000) }, () => {
  it(`${DRAWS} seeds give prizes uniform per digit (df 9) and over 10,000 values (df 9999)`, async () => {
    const { rows } = await db.pool.query<{ prize: string; biased: number }>(
      `select "private"."derive_prize"(s, date '2026-11-23', 14) as "prize",
              -- The power check: two bytes reduced by plain modulo favour 0000-5535 by 7:6.
              ((get_byte(m, 0) << 8) | get_byte(m, 1)) % 10000 as "biased"
         from generate_series(1, $1::int) as i,
              lateral (select "extensions"."digest"('seed ' || i, 'sha256') as s) seeds,
              lateral (select "extensions"."hmac"(convert_to('lotto24:2026-11-23:14:0', 'UTF8'), s, 'sha256') as m) macs`,
      [DRAWS],
    );
    expect(rows).toHaveLength(DRAWS);
    const { byValue, byDigit } = tally(rows.map((row) => Number(row.prize)));
    byDigit.forEach((counts, position) => assertUniform(counts, DF9, `digit ${position + 1}`));
    assertUniform(byValue, DF9999, 'values 0000-9999');
    // The same test catches a biased derivation: plain modulo pushes the first digit's statistic
    // to about 1,000 (df 9), twenty times its bound.
    const biased = tally(rows.map((row) => row.biased)).byDigit[0]!;
    expect(chiSquaredUniform(biased)).toBeGreaterThan(DF9.upper);
  });
});
