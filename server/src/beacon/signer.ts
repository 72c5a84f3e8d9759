import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { randomnessOf, roundPoint, type BeaconRound } from '../../../src/lib/beacon/verify.ts';

/** How many signed rounds a process keeps: a day of draws many times over, a bounded memory. */
const CACHE_SIZE = 512;

/**
 * Signs rounds of the local beacon as a drand node of `bls-unchained-g1-rfc9380` would: BLS on G1
 * over SHA-256(round as uint64 BE), hashed with the scheme's DST (src/lib/beacon/verify.ts holds
 * both, so the verifier and the signer cannot disagree). BLS signatures are deterministic, so a
 * round signed again, by any worker, is the same round. The caller decides when a round may be
 * signed: never before its time.
 */
export function createSigner(secretKey: Uint8Array) {
  const cache = new Map<number, Required<BeaconRound>>();
  return (round: number): Required<BeaconRound> => {
    const cached = cache.get(round);
    if (cached) return cached;
    const signature = bytesToHex(
      bls12_381.shortSignatures.sign(roundPoint(round), secretKey).toBytes(),
    );
    const beacon = { round, randomness: randomnessOf(signature), signature };
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(round, beacon);
    return beacon;
  };
}
