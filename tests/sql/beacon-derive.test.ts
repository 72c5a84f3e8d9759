import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../utils/database.ts';
import { createTestDatabase } from '../utils/database.ts';

interface Vector {
  label: string;
  seed: string;
  date: string;
  hour: number;
  round: number;
  randomness: string;
  prize: string;
  steps: Array<{ counter: number; message: string; value: number }>;
}

const { vectors } = JSON.parse(
  readFileSync(new URL('../fixtures/beacon-vectors.json', import.meta.url), 'utf8'),
) as { vectors: Vector[] };

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const derive = async (seed: string, date: string, hour: number, round: number, random: string) =>
  (
    await db.pool.query<{ prize: string | null }>(
      `select "private"."derive_beacon_prize"(decode($1, 'hex'), $2::date, $3, $4::bigint, decode($5, 'hex')) as "prize"`,
      [seed, date, hour, round, random],
    )
  ).rows[0]!.prize;

describe('the beacon derivation in SQL (private.derive_beacon_prize, ADR 023)', () => {
  it.each(vectors)('matches the shared vector: $label', async (vector) => {
    const { seed, date, hour, round, randomness } = vector;
    expect(await derive(seed, date, hour, round, randomness)).toBe(vector.prize);
  });

  it('HMACs exactly the documented message bytes for each counter', async () => {
    for (const vector of vectors) {
      for (const step of vector.steps) {
        const { rows } = await db.pool.query<{ message: string; value: string }>(
          `select encode(m, 'hex') as "message",
                  ((get_byte(h, 0)::bigint << 24) | (get_byte(h, 1)::bigint << 16)
                   | (get_byte(h, 2)::bigint << 8) | get_byte(h, 3)::bigint)::text as "value"
             from (select m, "extensions"."hmac"(m, decode($1, 'hex'), 'sha256') as h
                     from (select convert_to(format('lotto24:beacon:v1:%s:%s', $2::text, lpad($3::text, 2, '0')), 'UTF8')
                                  || int8send($4::bigint) || decode($5, 'hex') || int4send($6::int) as m) a) b`,
          [vector.seed, vector.date, vector.hour, vector.round, vector.randomness, step.counter],
        );
        expect(rows[0]).toEqual({ message: step.message, value: String(step.value) });
      }
    }
  });

  it('refuses inputs of the wrong length or range, and gives no prize for a missing one', async () => {
    const [vector] = vectors;
    const { seed, date, hour, round, randomness } = vector!;
    const state = (promise: Promise<unknown>) =>
      promise.then(
        () => 'ok',
        (error: { code?: string }) => error.code,
      );
    expect(await state(derive(seed.slice(2), date, hour, round, randomness))).toBe('22023');
    expect(await state(derive(seed, date, hour, round, randomness.slice(2)))).toBe('22023');
    expect(await state(derive(seed, date, 24, round, randomness))).toBe('22023');
    expect(await state(derive(seed, date, hour, 0, randomness))).toBe('22023');
    const { rows } = await db.pool.query(
      `select "private"."derive_beacon_prize"(decode($1, 'hex'), $2::date, $3, null, decode($4, 'hex')) as "prize"`,
      [seed, date, hour, randomness],
    );
    expect(rows).toEqual([{ prize: null }]);
  });
});
