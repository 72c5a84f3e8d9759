// @vitest-environment node
import { describe, expect, it } from 'vitest';
import rounds from '../../../tests/fixtures/drand/quicknet-rounds.json';
import { QUICKNET, type BeaconChain } from './chains.ts';
import { randomnessOf, roundBytes, verifyRound, type BeaconRound } from './verify.ts';

const recorded: BeaconRound[] = rounds.rounds.map(({ round, signature, randomness }) => ({
  round,
  signature,
  randomness,
}));

/** `hex` with the byte at `index` XOR-ed with 0x01. */
function flipByte(hex: string, index: number): string {
  const byte = parseInt(hex.slice(index * 2, index * 2 + 2), 16) ^ 0x01;
  return hex.slice(0, index * 2) + byte.toString(16).padStart(2, '0') + hex.slice(index * 2 + 2);
}

describe('verifyRound on recorded quicknet rounds', () => {
  it.each(recorded)('round $round verifies against the pinned key', (beacon) => {
    expect(verifyRound(QUICKNET, beacon)).toEqual({
      ok: true,
      round: beacon.round,
      randomness: beacon.randomness,
    });
  });

  it('derives the randomness drand published (sha256 of the signature)', () => {
    for (const { signature, randomness } of rounds.rounds) {
      expect(randomnessOf(signature)).toBe(randomness);
    }
  });

  it('verifies a round served without randomness (drand v2 API)', () => {
    const { round, signature } = recorded[3]!;
    expect(verifyRound(QUICKNET, { round, signature }).ok).toBe(true);
  });
});

describe('verifyRound refuses tampered rounds', () => {
  const beacon = recorded[4]!;
  // Without randomness, so a changed signature reaches the pairing check.
  const bare = { round: beacon.round, signature: beacon.signature };

  it.each([0, 1, 20, 47])('a changed signature byte %i', (index) => {
    const result = verifyRound(QUICKNET, { ...bare, signature: flipByte(bare.signature, index) });
    expect(result).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('a changed round (signature of another round)', () => {
    expect(verifyRound(QUICKNET, { ...bare, round: bare.round + 1 })).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('a round other than the one the draw asked for', () => {
    expect(verifyRound(QUICKNET, beacon, beacon.round - 1)).toEqual({
      ok: false,
      reason: 'wrong-round',
    });
  });

  it.each([0, 10, 95])('a changed byte %i of the public key', (index) => {
    const chain: BeaconChain = { ...QUICKNET, publicKey: flipByte(QUICKNET.publicKey, index) };
    expect(verifyRound(chain, bare)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('the key of another chain (quicknet-t, drand-client lib/defaults.ts)', () => {
    const chain: BeaconChain = {
      ...QUICKNET,
      publicKey:
        'b15b65b46fb29104f6a4b5d1e11a8da6344463973d423661bb0804846a0ecd1ef93c25057f1c0baab2ac53e5' +
        '6c662b66072f6d84ee791a3382bfb055afab1e6a375538d8ffc451104ac971d2dc9b168e2d3246b0be201596' +
        '9cbaac298f6502da',
    };
    expect(verifyRound(chain, bare)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('randomness that is not sha256(signature)', () => {
    expect(
      verifyRound(QUICKNET, { ...beacon, randomness: flipByte(beacon.randomness!, 31) }),
    ).toEqual({ ok: false, reason: 'randomness-mismatch' });
  });

  it.each([
    { round: 0, signature: beacon.signature },
    { round: -1, signature: beacon.signature },
    { round: 1.5, signature: beacon.signature },
    { round: 2 ** 53, signature: beacon.signature },
    { round: beacon.round, signature: beacon.signature.toUpperCase() },
    { round: beacon.round, signature: beacon.signature.slice(2) },
    { round: beacon.round, signature: `${beacon.signature}00` },
    { round: beacon.round, signature: 42 as unknown as string },
    { round: beacon.round, signature: beacon.signature, randomness: 'zz' },
  ])('malformed input %#', (input) => {
    expect(verifyRound(QUICKNET, input)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('a chain with another scheme', () => {
    const chain = { ...QUICKNET, scheme: 'pedersen-bls-chained' } as unknown as BeaconChain;
    expect(verifyRound(chain, beacon)).toEqual({ ok: false, reason: 'unsupported-scheme' });
  });
});

describe('roundBytes', () => {
  it('is the round as 8 bytes big-endian (drand-client roundBuffer)', () => {
    expect(Array.from(roundBytes(256))).toEqual([0, 0, 0, 0, 0, 0, 1, 0]);
    expect(Array.from(roundBytes(Number.MAX_SAFE_INTEGER))).toEqual([
      0, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    ]);
  });
});
