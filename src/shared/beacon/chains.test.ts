// @vitest-environment node
import { describe, expect, it } from 'vitest';
import info from '../../../tests/fixtures/drand/quicknet-info.json';
import { QUICKNET, chainInfoBody } from './chains.ts';
import { chainHashOf, drawRound, roundAt, roundTime } from './rounds.ts';

describe('the pinned quicknet chain', () => {
  it("equals drand's published /info body", () => {
    const body = info.body;
    expect(QUICKNET.publicKey).toBe(body.public_key);
    expect(QUICKNET.period).toBe(body.period);
    expect(QUICKNET.genesisTime).toBe(body.genesis_time);
    expect(QUICKNET.genesisSeed).toBe(body.genesis_seed);
    expect(QUICKNET.hash).toBe(body.chain_hash);
    expect(QUICKNET.scheme).toBe(body.scheme);
    expect(QUICKNET.beaconId).toBe(body.beacon_id);
  });

  it('has the chain hash its own fields hash to (drand Info.Hash)', () => {
    expect(chainHashOf(QUICKNET)).toBe(QUICKNET.hash);
    expect(chainHashOf({ ...QUICKNET, period: 30 })).not.toBe(QUICKNET.hash);
  });

  it('serves the v1 /info field names', () => {
    expect(chainInfoBody(QUICKNET)).toMatchObject({
      hash: QUICKNET.hash,
      schemeID: 'bls-unchained-g1-rfc9380',
      metadata: { beaconID: 'quicknet' },
    });
  });
});

describe('round and time arithmetic', () => {
  it('puts round 1 at genesis and R at genesis + (R - 1) * period', () => {
    expect(roundTime(QUICKNET, 1)).toBe(1692803367);
    expect(roundTime(QUICKNET, 12040883)).toBe(1692803367 + 12040882 * 3);
    expect(roundAt(QUICKNET, 1692803367)).toBe(1);
    expect(roundAt(QUICKNET, 1692803369)).toBe(1);
    expect(roundAt(QUICKNET, 1692803370)).toBe(2);
    expect(roundAt(QUICKNET, 1692803366)).toBe(0);
  });

  it('gives a draw at HH:30:00 the round published exactly then', () => {
    const draw = Date.UTC(2026, 10, 23, 14, 30, 0) / 1000;
    const round = drawRound(QUICKNET, draw);
    expect(round).toBe((draw - QUICKNET.genesisTime) / 3 + 1);
    expect(roundTime(QUICKNET, round)).toBe(draw);
  });

  it('never gives a draw a round published before it', () => {
    for (let offset = 0; offset < 6; offset += 1) {
      const draw = QUICKNET.genesisTime + 1000 + offset;
      const round = drawRound(QUICKNET, draw);
      expect(roundTime(QUICKNET, round)).toBeGreaterThanOrEqual(draw);
      expect(roundTime(QUICKNET, round) - draw).toBeLessThan(QUICKNET.period);
    }
  });

  it('refuses times it cannot place', () => {
    expect(() => drawRound(QUICKNET, QUICKNET.genesisTime - 1)).toThrow(RangeError);
    expect(() => roundTime(QUICKNET, 0)).toThrow(RangeError);
    expect(() => roundAt(QUICKNET, Number.NaN)).toThrow(RangeError);
  });
});
