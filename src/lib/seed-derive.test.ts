import { describe, expect, it } from 'vitest';
import vectorsText from '../../tests/fixtures/draw-vectors.json?raw';
import { ACCEPT_BELOW, commitmentOf, derivePrize, drawMessage, isHex32 } from './seed-derive';

// The vectors the SQL derivation and the CLI are tested against, read as text (the app's project
// does not resolve JSON modules).
const drawVectors = (
  JSON.parse(vectorsText) as {
    vectors: {
      label: string;
      seed: string;
      date: string;
      hour: number;
      commitment: string;
      prize: string;
      steps: { message: string; value: number }[];
    }[];
  }
).vectors;

describe('the draw derivation in WebCrypto', () => {
  it('writes the message with a two-digit hour and an unpadded counter', () => {
    expect(drawMessage('2026-11-23', 4, 0)).toBe('lotto24:2026-11-23:04:0');
    expect(drawMessage('2026-11-23', 14, 12)).toBe('lotto24:2026-11-23:14:12');
  });

  it('has vectors to check, one of them with a rejected value', () => {
    expect(drawVectors.length).toBeGreaterThanOrEqual(3);
    expect(drawVectors.some((vector) => vector.steps.length > 1)).toBe(true);
  });

  for (const vector of drawVectors) {
    it(`matches the shared vector: ${vector.label}`, async () => {
      expect(await commitmentOf(vector.seed)).toBe(vector.commitment);
      expect(isHex32(vector.commitment)).toBe(true);
      const derived = await derivePrize(vector.seed, vector.date, vector.hour);
      expect(derived.steps.map(({ message, value }) => ({ message, value }))).toEqual(vector.steps);
      expect(derived.steps.map((step) => step.accepted)).toEqual(
        vector.steps.map((step) => step.value < ACCEPT_BELOW),
      );
      expect(derived.steps.every((step) => /^[0-9a-f]{64}$/.test(step.mac))).toBe(true);
      expect(derived.prize).toBe(vector.prize);
    });
  }

  it('gives different prizes to different hours of one seed', async () => {
    const seed = drawVectors[0]!.seed;
    const prizes = new Set<string>();
    for (let hour = 0; hour < 24; hour += 1) {
      prizes.add((await derivePrize(seed, '2026-11-23', hour)).prize);
    }
    // 24 draws from 10,000 values: a repeat is possible but more than three is not plausible.
    expect(prizes.size).toBeGreaterThan(20);
  });
});
