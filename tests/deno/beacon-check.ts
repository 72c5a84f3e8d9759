// Run by Deno (tests/integration/beacon-deno.test.ts): the same src/lib/beacon files the browser
// and Node run, unchanged, with @noble from the node_modules npm installed (tests/deno/deno.json).
// Prints what it derived so the Node side can compare it with the fixtures.
import { QUICKNET } from '../../src/shared/beacon/chains.ts';
import { deriveBeaconPrize } from '../../src/lib/beacon/derive.ts';
import { chainHashOf } from '../../src/shared/beacon/rounds.ts';
import { verifyRound, type BeaconRound } from '../../src/shared/beacon/verify.ts';

const read = async (name: string) =>
  (await fetch(new URL(`../fixtures/${name}`, import.meta.url))).json();

const { rounds } = (await read('drand/quicknet-rounds.json')) as { rounds: BeaconRound[] };
const { vectors } = (await read('beacon-vectors.json')) as {
  vectors: Array<{ seed: string; date: string; hour: number; round: number; randomness: string }>;
};
// Round 1 with round 2's signature.
const tampered = { round: rounds[0]!.round, signature: rounds[1]!.signature };

console.log(
  JSON.stringify({
    chainHash: chainHashOf(QUICKNET),
    verified: rounds.map((beacon) => verifyRound(QUICKNET, beacon).ok),
    tampered: verifyRound(QUICKNET, tampered),
    prizes: vectors.map((vector) => deriveBeaconPrize(vector.seed, vector).prize),
  }),
);
