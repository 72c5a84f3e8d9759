// @vitest-environment node
import { describe, expect, it } from 'vitest';
import localProof from '../../../tests/fixtures/beacon-proof-local.json';
import rounds from '../../../tests/fixtures/drand/quicknet-rounds.json';
import drawVectors from '../../../tests/fixtures/draw-vectors.json';
import { QUICKNET } from '../../shared/beacon/chains.ts';
import { deriveBeaconPrize, seedCommitment } from './derive.ts';
import {
  MAX_PROOF_BYTES,
  parseProof,
  proofJson,
  verifyProof,
  type DrawProof,
  type StepName,
} from './proof.ts';
import { sealToRound } from './time-lock.ts';
import { randomnessOf } from '../../shared/beacon/verify.ts';

const fixture = localProof as DrawProof;
const copy = (): DrawProof => structuredClone(fixture);

/** `hex` with the byte at `index` XOR-ed with 0x01. */
function flipByte(hex: string, index = 10): string {
  const byte = parseInt(hex.slice(index * 2, index * 2 + 2), 16) ^ 0x01;
  return hex.slice(0, index * 2) + byte.toString(16).padStart(2, '0') + hex.slice(index * 2 + 2);
}

async function statuses(proof: DrawProof) {
  const result = await verifyProof(proof);
  return {
    result,
    failed: result.steps.filter((step) => step.status === 'failed').map((step) => step.step),
    of: (name: StepName) => result.steps.find((step) => step.step === name)!,
  };
}

describe('verifyProof on a draw through the local test beacon', () => {
  it('verifies every step, in order, and says the beacon is not independent', async () => {
    const { result, failed } = await statuses(copy());
    expect(failed).toEqual([]);
    expect(result.outcome).toBe('verified');
    expect(result.steps.map((step) => [step.step, step.status])).toEqual([
      ['commitment', 'ok'],
      ['time-lock', 'ok'],
      ['round-signature', 'ok'],
      ['round-time', 'ok'],
      ['derivation', 'ok'],
    ]);
    expect(result.chainLabel).toBe('local test beacon: not independent');
    expect(result.summary).toBe('Verified (beacon draw, local test beacon: not independent)');
  });

  it('survives a round trip through its JSON file', async () => {
    const { result } = await statuses(parseProof(proofJson(copy())));
    expect(result.outcome).toBe('verified');
  });

  it('reports a changed prize as the derivation, naming both numbers', async () => {
    const proof = copy();
    proof.draw.prize = proof.draw.prize === '0000' ? '0001' : '0000';
    const { failed, of, result } = await statuses(proof);
    expect(failed).toEqual(['derivation']);
    expect(of('derivation').message).toContain(`derive ${fixture.draw.prize}`);
    expect(result.summary).toBe(
      'Not verified (beacon draw, local test beacon: not independent): derivation failed',
    );
  });

  it('reports a changed seed as the commitment first', async () => {
    const proof = copy();
    proof.seed = flipByte(proof.seed!);
    const { failed, of } = await statuses(proof);
    expect(failed[0]).toBe('commitment');
    expect(of('commitment').message).toMatch(
      /^SHA-256 of the seed is [0-9a-f]{64}, not the published/,
    );
    // The lock still opens, to the committed seed: not the one published.
    expect(of('time-lock').message).toContain(fixture.seed);
  });

  it('reports a changed commitment as the commitment alone', async () => {
    const proof = copy();
    proof.commitment!.commitment = flipByte(proof.commitment!.commitment);
    expect((await statuses(proof)).failed).toEqual(['commitment']);
  });

  it('reports a changed round as its signature and its time', async () => {
    const proof = copy();
    proof.round!.round += 1;
    proof.lock!.round += 1;
    const { failed, of } = await statuses(proof);
    expect(failed).toEqual(expect.arrayContaining(['round-signature', 'round-time']));
    expect(failed).not.toContain('commitment');
    expect(of('round-time').message).toContain(`uses round ${fixture.round!.round}`);
  });

  it('reports a round that is not the locked one as the round time', async () => {
    const proof = copy();
    proof.lock!.round += 20;
    const { of } = await statuses(proof);
    expect(of('round-time').status).toBe('failed');
    expect(of('time-lock').message).toMatch(/locked to round \d+ .*not to the draw's round/);
  });

  it('reports a changed signature as the round signature alone', async () => {
    const proof = copy();
    proof.round!.signature = flipByte(proof.round!.signature);
    const { failed, of } = await statuses(proof);
    expect(failed).toEqual(['round-signature']);
    expect(of('time-lock').status).toBe('not-applicable');
  });

  it('reports a changed signature with its own randomness as the signature, then the prize', async () => {
    const proof = copy();
    const other = rounds.rounds[0]!.signature;
    proof.round!.signature = other;
    proof.round!.randomness = randomnessOf(other);
    const { failed, of } = await statuses(proof);
    expect(failed).toEqual(['round-signature', 'derivation']);
    expect(of('round-signature').message).toContain('is not valid under the key of the chain');
  });

  it('opens the seed from the time lock when the operator never revealed it', async () => {
    const proof = copy();
    proof.seed = null;
    const { result, of } = await statuses(proof);
    expect(result.outcome).toBe('verified');
    expect(result.seed).toBe(fixture.seed);
    expect(of('time-lock').message).toContain('not revealed otherwise');
  });

  it('fails the time lock when none was published, or published after the draw', async () => {
    const none = copy();
    none.lock!.ciphertext = null;
    expect((await statuses(none)).failed).toEqual(['time-lock']);
    const late = copy();
    late.lock!.locked_at = '2026-11-23T07:31:00Z';
    expect((await statuses(late)).failed).toEqual(['time-lock']);
  });

  it('fails the commitment when it was published after the draw', async () => {
    const proof = copy();
    proof.commitment!.committed_at = '2026-11-23T07:30:01Z';
    expect((await statuses(proof)).failed).toEqual(['commitment']);
  });

  it("fails the round time when the proof's moment is not the draw's", async () => {
    const proof = copy();
    proof.draw.drawn_at = '2026-11-23T08:30:00.000Z';
    expect((await statuses(proof)).failed).toEqual(['round-time']);
  });
});

describe('verifyProof on quicknet', () => {
  const recorded = rounds.rounds.find((one) => one.round === 30662992)!;
  const seed = seedCommitment('00'.repeat(32)); // any 64-hex value
  const date = '2026-07-23';
  const hour = 7;

  async function quicknetProof(): Promise<DrawProof> {
    const ciphertext = await sealToRound(QUICKNET, recorded.round, seed);
    const randomness = recorded.randomness;
    return {
      format: 'lotto24-draw-proof/1',
      draw: {
        date,
        hour,
        time_zone: 'UTC',
        drawn_at: '2026-07-23T07:30:00.000Z',
        prize: deriveBeaconPrize(seed, { date, hour, round: recorded.round, randomness }).prize,
        source: 'system',
      },
      commitment: { commitment: seedCommitment(seed), committed_at: '2026-07-22T10:00:00Z' },
      seed,
      lock: {
        chain_hash: QUICKNET.hash,
        round: recorded.round,
        ciphertext,
        locked_at: '2026-07-22T10:00:01Z',
      },
      // A row that lies about quicknet's key is ignored: quicknet is trusted only as pinned.
      chain: { ...fixture.chain!, chain_hash: QUICKNET.hash },
      round: { round: recorded.round, signature: recorded.signature, randomness },
    };
  }

  it("checks a recorded round against the pinned key, and times it against the draw's", async () => {
    const { result, of } = await statuses(await quicknetProof());
    expect(result.chainLabel).toBe('quicknet');
    expect(of('round-signature')).toMatchObject({ status: 'ok' });
    expect(of('round-signature').message).toContain("quicknet's group key, pinned");
    expect(of('time-lock').status).toBe('ok');
    expect(of('derivation').status).toBe('ok');
    // Round 30662992 is 07:39:00Z: the 07:30 draw uses an earlier one.
    expect(of('round-time')).toMatchObject({ status: 'failed' });
    expect(of('round-time').message).toContain('published at 2026-07-23T07:39:00Z');
    expect(of('round-time').message).toContain('uses round 30662812');
  });

  it('refuses a tampered quicknet signature', async () => {
    const proof = await quicknetProof();
    proof.round!.signature = flipByte(proof.round!.signature, 20);
    proof.round!.randomness = randomnessOf(proof.round!.signature);
    const { of } = await statuses(proof);
    expect(of('round-signature')).toMatchObject({ status: 'failed' });
    expect(of('round-signature').message).toContain("quicknet's pinned key");
  });
});

describe('verifyProof before beacon draws and without one', () => {
  const vector = drawVectors.vectors[0]!;
  const legacy = (): DrawProof => ({
    ...copy(),
    draw: { ...fixture.draw, date: vector.date, hour: vector.hour, prize: vector.prize },
    commitment: { commitment: vector.commitment, committed_at: '2026-11-22T10:00:00Z' },
    seed: vector.seed,
    lock: null,
    chain: null,
    round: null,
  });

  it('verifies an old-scheme draw as seed commitment only, with ADR 012 derivation', async () => {
    const { result, of } = await statuses(legacy());
    expect(result.outcome).toBe('verified');
    expect(result.summary).toBe('Verified (seed commitment only)');
    expect(of('time-lock').status).toBe('not-applicable');
    expect(of('round-signature').status).toBe('not-applicable');
    expect(of('round-time').status).toBe('not-applicable');
    expect(result.derivation!.attempts[0]!.message).toBe(vector.steps[0]!.message);
  });

  it('says an operator result is entered by the operator', async () => {
    const proof = copy();
    proof.draw.source = 'operator';
    const { result } = await statuses(proof);
    expect(result.outcome).toBe('operator');
    expect(result.summary).toBe('Entered by the operator: not verifiable by seed');
    expect(result.steps.every((step) => step.status === 'not-applicable')).toBe(true);
  });

  it('says a passed beacon draw without its round is waiting for the beacon, never "no result"', async () => {
    const proof = copy();
    proof.draw.prize = null;
    proof.draw.source = null;
    proof.round = null;
    const { result } = await statuses(proof);
    expect(result.outcome).toBe('waiting');
    expect(result.summary).toBe(
      `Waiting for the beacon: round ${fixture.lock!.round} has not been fetched yet`,
    );
  });
});

describe('parseProof', () => {
  it('refuses a file over the bound, not JSON, or of another format', () => {
    expect(() => parseProof(' '.repeat(MAX_PROOF_BYTES + 1))).toThrow(/larger than 65536/);
    expect(() => parseProof('{')).toThrow('The proof is not JSON');
    expect(() => parseProof('{"format":"other"}')).toThrow(/format is not lotto24-draw-proof\/1/);
    expect(() => parseProof(JSON.stringify({ ...fixture, round: 'x' }))).toThrow(/"round"/);
    expect(() => parseProof(JSON.stringify({ ...fixture, draw: { hour: 1 } }))).toThrow(/"draw"/);
  });

  it('reports a malformed round in the proof as a failed step, not a crash', async () => {
    const proof = copy();
    proof.round!.signature = 'zz';
    const { failed } = await statuses(proof);
    expect(failed).toContain('round-signature');
  });
});
