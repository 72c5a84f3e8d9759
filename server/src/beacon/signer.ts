import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { randomnessOf, roundPoint, type BeaconRound } from '../../../src/shared/beacon/verify.ts';

/** How many signed rounds a process keeps: a day of draws many times over, a bounded memory. */
const CACHE_SIZE = 512;
/**
 * Rounds not in the cache that a process signs per second, with a burst of twice that. A
 * signature costs 20-70 ms of CPU in the worker that also serves REST, and any past round may be
 * asked for, so a stranger walking the rounds would otherwise hold that worker. The draws need
 * one round an hour; readers of `latest` share one cached signature per period.
 */
export const SIGNATURES_PER_SECOND = 5;

export type Signer = (round: number) => Required<BeaconRound> | null;

/**
 * Signs rounds of the local beacon as a drand node of `bls-unchained-g1-rfc9380` would: BLS on G1
 * over SHA-256(round as uint64 BE), hashed with the scheme's DST (src/shared/beacon/verify.ts holds
 * both, so the verifier and the signer cannot disagree). BLS signatures are deterministic, so a
 * round signed again, by any worker, is the same round. The caller decides when a round may be
 * signed: never before its time. `null`: over the signing budget, try again in a second.
 */
export function createSigner(secretKey: Uint8Array, now: () => number): Signer {
  const cache = new Map<number, Required<BeaconRound>>();
  const burst = SIGNATURES_PER_SECOND * 2;
  let tokens = burst;
  let refilledAt = now();
  return (round) => {
    const cached = cache.get(round);
    if (cached) return cached;
    const at = now();
    tokens = Math.min(burst, tokens + (at - refilledAt) * SIGNATURES_PER_SECOND);
    refilledAt = at;
    if (tokens < 1) return null;
    tokens -= 1;
    const signature = bytesToHex(
      bls12_381.shortSignatures.sign(roundPoint(round), secretKey).toBytes(),
    );
    const beacon = { round, randomness: randomnessOf(signature), signature };
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(round, beacon);
    return beacon;
  };
}
