import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLocalBeacon } from '../../server/src/beacon/local-chain.ts';
import { createSigner } from '../../server/src/beacon/signer.ts';
import { QUICKNET } from '../../src/shared/beacon/chains.ts';
import type { BeaconRound } from '../../src/shared/beacon/verify.ts';
import { sealSeed } from '../../supabase/functions/draw-beacon/seal.ts';
import { openSeal } from '../utils/beacon.ts';

// The time lock of ADR 023 as draw-beacon seals it (supabase/functions/draw-beacon/seal.ts):
// a seed round-trips through the local beacon's key, a wrong round does not open it, and drand's
// own recorded quicknet ciphertext opens with its recorded round.

const fixtures = path.resolve(import.meta.dirname, '../fixtures/drand');
const recorded = JSON.parse(
  readFileSync(path.join(fixtures, 'quicknet-tlock-ciphertext.json'), 'utf8'),
) as { round: number; plaintext: string; armored: string };
const rounds = JSON.parse(readFileSync(path.join(fixtures, 'quicknet-rounds.json'), 'utf8')) as {
  rounds: Array<Required<BeaconRound>>;
};
const dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-tlock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('tlock', () => {
  it("opens drand's recorded quicknet ciphertext with the recorded round", async () => {
    const round = rounds.rounds.find((r) => r.round === recorded.round)!;
    expect(await openSeal(QUICKNET, recorded.armored, round)).toBe(recorded.plaintext);
  });

  it('seals a seed to a quicknet round without any network (the pinned key only)', async () => {
    const armored = await sealSeed(QUICKNET, 30_000_000, 'ab'.repeat(32));
    expect(armored).toMatch(
      /^-----BEGIN AGE ENCRYPTED FILE-----\n[\s\S]+-----END AGE ENCRYPTED FILE-----\n?$/,
    );
    expect(armored.length).toBeLessThan(4096);
  });

  it('round-trips a seed through the local beacon, and only with its own round', async () => {
    const beacon = loadLocalBeacon(dataDir, Date.now() / 1000 - 3600);
    const sign = createSigner(beacon.secretKey, () => Date.now() / 1000);
    const seed = '0123456789abcdef'.repeat(4);
    const armored = await sealSeed(beacon.chain, 1000, seed);
    expect(await openSeal(beacon.chain, armored, sign(1000)!)).toBe(seed);
    const wrong = { ...sign(1001)!, round: 1000 };
    await expect(openSeal(beacon.chain, armored, wrong)).rejects.toThrow();
    // Another chain's key cannot open it either (quicknet's recorded round of another number).
    const other = rounds.rounds[0]!;
    await expect(openSeal(beacon.chain, armored, { ...other, round: 1000 })).rejects.toThrow();
  });
});
