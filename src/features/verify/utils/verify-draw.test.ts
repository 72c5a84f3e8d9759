import { describe, expect, it } from 'vitest';
import { drawVectors } from '../test/draw-vectors';
import { verificationSentence, verifyDraw, type DrawEvidence } from './verify-draw';

const vector = drawVectors[0]!;
const moment = new Date('2026-11-23T07:30:00Z'); // 14:30 in Bangkok

/** A system draw as the database publishes it, from a shared vector. */
function systemDraw(): DrawEvidence {
  return {
    date: vector.date,
    hour: vector.hour,
    result: {
      first_prize: vector.prize,
      source: 'system',
      previous_prize: null,
      corrected_at: null,
      created_at: '2026-11-23T07:30:02Z',
    },
    commitment: { commitment: vector.commitment, committed_at: '2026-11-22T00:00:00Z' },
    seed: vector.seed,
  };
}

async function sentence(evidence: DrawEvidence) {
  return verificationSentence(await verifyDraw(evidence, moment), evidence.result?.first_prize);
}

describe('verifyDraw', () => {
  it('verifies a system draw from its commitment and seed', async () => {
    const evidence = systemDraw();
    const verification = await verifyDraw(evidence, moment);
    expect(verificationSentence(verification)).toBe('Verified');
    expect(verification).toMatchObject({
      seedHash: evidence.commitment?.commitment,
      derivation: { prize: evidence.result?.first_prize },
    });
  });

  it('says what failed, in the order the contract checks', async () => {
    const draw = systemDraw();
    expect(await sentence({ ...draw, result: null })).toBe('Not drawn yet');
    expect(await sentence({ ...draw, result: { ...draw.result!, source: 'operator' } })).toBe(
      'Entered by the operator: not verifiable by seed',
    );
    expect(await sentence({ ...draw, commitment: null })).toBe(
      'Not verified: no commitment was published for this draw',
    );
    expect(await sentence({ ...draw, seed: null })).toBe(
      'Not verified: the seed has not been revealed',
    );
    const otherSeed = drawVectors.find((other) => other.seed !== vector.seed)!.seed;
    expect(await sentence({ ...draw, seed: otherSeed })).toBe(
      'Not verified: the seed does not match the commitment',
    );
    expect(await sentence({ ...draw, seed: 'not hex' })).toBe(
      'Not verified: the seed does not match the commitment',
    );
    const real = draw.result!.first_prize;
    const changed = String((Number(real) + 1) % 10_000).padStart(4, '0');
    expect(await sentence({ ...draw, result: { ...draw.result!, first_prize: changed } })).toBe(
      `Not verified: the seed derives ${real}, the published result is ${changed}`,
    );
    expect(
      await sentence({
        ...draw,
        commitment: { ...draw.commitment!, committed_at: '2026-11-23T07:30:01Z' },
      }),
    ).toBe('Not verified: the commitment was published after the draw');
  });
});
