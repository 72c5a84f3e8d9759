// @vitest-environment node
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import fixture from '../../../tests/fixtures/beacon-vectors.json';
import { beaconMessage, deriveBeaconPrize, drawId, seedCommitment } from './derive.ts';

const { vectors } = fixture;

describe('deriveBeaconPrize against the shared vectors', () => {
  it.each(vectors)('$label', (vector) => {
    const derivation = deriveBeaconPrize(vector.seed, vector);
    expect(derivation.prize).toBe(vector.prize);
    expect(
      derivation.steps.map(({ counter, message, value }) => ({ counter, message, value })),
    ).toEqual(vector.steps);
    expect(seedCommitment(vector.seed)).toBe(vector.commitment);
  });

  it('has a vector whose first value is rejected, and derives from the next counter', () => {
    const rejected = vectors.find((vector) => vector.steps.length > 1)!;
    expect(rejected.steps[0]!.value).toBeGreaterThanOrEqual(4_294_960_000);
    const derivation = deriveBeaconPrize(rejected.seed, rejected);
    expect(derivation.steps.map((step) => step.accepted)).toEqual([false, true]);
    expect(derivation.prize).toBe(String(rejected.steps[1]!.value % 10_000).padStart(4, '0'));
  });
});

describe('the message bytes', () => {
  const draw = vectors[0]!;

  it('are 75 bytes: domain, draw id, round (uint64 BE), randomness, counter (uint32 BE)', () => {
    const hex = bytesToHex(beaconMessage(draw, 258));
    expect(hex.length).toBe(150);
    expect(new TextDecoder().decode(hexToBytes(hex.slice(0, 62)))).toBe(
      'lotto24:beacon:v1:2026-11-23:14',
    );
    expect(hex.slice(62, 78)).toBe(draw.round.toString(16).padStart(16, '0'));
    expect(hex.slice(78, 142)).toBe(draw.randomness);
    expect(hex.slice(142)).toBe('00000102');
  });

  it('depend on every input: seed, draw, round and randomness each change the prize stream', () => {
    const base = deriveBeaconPrize(draw.seed, draw).steps[0]!.mac;
    const other = [
      deriveBeaconPrize(vectors[1]!.seed, draw),
      deriveBeaconPrize(draw.seed, { ...draw, hour: 15 }),
      deriveBeaconPrize(draw.seed, { ...draw, date: '2026-11-24' }),
      deriveBeaconPrize(draw.seed, { ...draw, round: draw.round + 1 }),
      deriveBeaconPrize(draw.seed, { ...draw, randomness: vectors[1]!.randomness }),
    ];
    for (const derivation of other) expect(derivation.steps[0]!.mac).not.toBe(base);
  });

  it('refuse inputs outside their fixed lengths', () => {
    expect(() => drawId('2026-1-1', 3)).toThrow(RangeError);
    expect(() => drawId('2026-11-23', 24)).toThrow(RangeError);
    expect(() => beaconMessage({ ...draw, randomness: 'ab' }, 0)).toThrow(RangeError);
    expect(() => beaconMessage(draw, -1)).toThrow(RangeError);
    expect(() => beaconMessage({ ...draw, round: 2 ** 53 }, 0)).toThrow(RangeError);
    expect(() => deriveBeaconPrize('00', draw)).toThrow(RangeError);
  });
});
