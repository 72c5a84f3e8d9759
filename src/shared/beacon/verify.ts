import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { DST_G1_RFC9380, SCHEME_G1_RFC9380, type BeaconChain } from './chains.ts';

/**
 * Verifying one round of a drand chain with `bls-unchained-g1-rfc9380` (ADR 023), as
 * drand-client's `lib/beacon-verification.ts` does: the signed message is SHA-256 of the round as
 * an 8-byte big-endian integer, hashed to G1 with RFC 9380 and the G1 `_NUL_` tag; the signature
 * is a compressed G1 point, the key a compressed G2 point; the randomness is SHA-256(signature).
 * All curve and pairing work is @noble/curves'.
 */

/** A round as drand's v1 HTTP API serves it (v2 omits `randomness`). */
export interface BeaconRound {
  round: number;
  /** Compressed G1 signature, 48 bytes as 96 hex digits. */
  signature: string;
  /** SHA-256(signature) as 64 hex digits; checked when present. */
  randomness?: string;
}

/** Why a round did not verify: the step a person reads in the verification view. */
export type RoundFailure =
  'malformed' | 'wrong-round' | 'randomness-mismatch' | 'bad-signature' | 'unsupported-scheme';

export type RoundVerification =
  { ok: true; round: number; randomness: string } | { ok: false; reason: RoundFailure };

const SIGNATURE_HEX = /^[0-9a-f]{96}$/;
const RANDOMNESS_HEX = /^[0-9a-f]{64}$/;
/** drand rounds are uint64; beyond 2^53 a JS number would silently round. */
const MAX_ROUND = Number.MAX_SAFE_INTEGER;

/** `round` as drand signs it: 8 bytes, big-endian. */
export function roundBytes(round: number): Uint8Array {
  if (!Number.isSafeInteger(round) || round < 0) throw new RangeError('Not a round number');
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round), false);
  return bytes;
}

/** The 32 bytes drand signs for an unchained round: SHA-256 of `roundBytes(round)`. */
export function roundMessage(round: number): Uint8Array {
  return sha256(roundBytes(round));
}

/** drand's randomness of a round: hex(SHA-256(signature bytes)). */
export function randomnessOf(signatureHex: string): string {
  return bytesToHex(sha256(hexToBytes(signatureHex)));
}

/** The G1 point a round's signature must be on, for the chain's scheme. */
export function roundPoint(round: number) {
  return bls12_381.shortSignatures.hash(roundMessage(round), DST_G1_RFC9380);
}

/**
 * Checks that `beacon` is round `expectedRound` of `chain`, signed by the chain's group key.
 * Never throws for bad input: every way a stranger's JSON can be wrong is a `reason`.
 */
export function verifyRound(
  chain: BeaconChain,
  beacon: BeaconRound,
  expectedRound: number = beacon.round,
): RoundVerification {
  if (chain.scheme !== SCHEME_G1_RFC9380) return { ok: false, reason: 'unsupported-scheme' };
  const { round, signature, randomness } = beacon;
  if (
    !Number.isSafeInteger(round) ||
    round < 1 ||
    round > MAX_ROUND ||
    typeof signature !== 'string' ||
    !SIGNATURE_HEX.test(signature) ||
    (randomness !== undefined &&
      (typeof randomness !== 'string' || !RANDOMNESS_HEX.test(randomness)))
  ) {
    return { ok: false, reason: 'malformed' };
  }
  if (round !== expectedRound) return { ok: false, reason: 'wrong-round' };
  const derived = randomnessOf(signature);
  if (randomness !== undefined && randomness !== derived) {
    return { ok: false, reason: 'randomness-mismatch' };
  }
  let valid: boolean;
  try {
    valid = bls12_381.shortSignatures.verify(
      hexToBytes(signature),
      roundPoint(round),
      hexToBytes(chain.publicKey),
    );
  } catch {
    // Bytes that are not a point of the right subgroup: noble refuses to decode them.
    return { ok: false, reason: 'bad-signature' };
  }
  return valid ? { ok: true, round, randomness: derived } : { ok: false, reason: 'bad-signature' };
}
