import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { roundBytes } from '../../shared/beacon/verify.ts';

/**
 * The beacon draw derivation (ADR 023): the prize of a draw comes from its committed seed AND the
 * randomness of the beacon round published at the draw's moment, so nobody who lacks either can
 * know it in advance. Every field has a fixed length, so the message needs no separators to be
 * unambiguous:
 *
 *   message(C) = "lotto24:beacon:v1:"     18 bytes ASCII (the scheme and its version)
 *              || "YYYY-MM-DD:HH"          13 bytes ASCII (the draw: its date and hour)
 *              || R                         8 bytes, unsigned big-endian (the round)
 *              || randomness               32 bytes (SHA-256 of the round's signature)
 *              || C                         4 bytes, unsigned big-endian (the attempt, from 0)
 *   mac(C)     = HMAC-SHA-256(key = seed (32 bytes), message(C))
 *   v(C)       = the first 4 bytes of mac(C), unsigned big-endian
 *
 * The prize is v(C) mod 10,000 in four digits for the first C with v(C) < 4,294,960,000, exactly
 * as ADR 012's rejection sampling: each prize then comes from 429,496 values of v.
 * tests/fixtures/beacon-vectors.json holds the vectors every implementation checks.
 */

export const BEACON_DOMAIN = 'lotto24:beacon:v1:';
/** floor(2^32 / 10,000) * 10,000: below it every prize has exactly 429,496 source values. */
export const ACCEPT_BELOW = 4_294_960_000;
/** A reject happens with probability 1.6e-6; 64 in a row would take longer than the universe. */
const MAX_ATTEMPTS = 64;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const HEX_32 = /^[0-9a-f]{64}$/;

export interface BeaconDraw {
  /** The draw's date on the lottery clock, `YYYY-MM-DD`. */
  date: string;
  /** The draw's hour on the lottery clock, 0-23. */
  hour: number;
  /** The beacon round the draw uses. */
  round: number;
  /** That round's randomness, 64 hex digits. */
  randomness: string;
}

export interface BeaconDerivationStep {
  counter: number;
  /** The HMAC message, as hex. */
  message: string;
  /** HMAC-SHA-256 of the message under the seed, as hex. */
  mac: string;
  value: number;
  accepted: boolean;
}

export interface BeaconDerivation {
  prize: string;
  /** Every attempt, the rejected ones first: almost always exactly one. */
  steps: BeaconDerivationStep[];
}

/** The draw's identity in the message: `YYYY-MM-DD:HH`, 13 bytes. */
export function drawId(date: string, hour: number): string {
  if (!DATE.test(date)) throw new RangeError('The date must be YYYY-MM-DD');
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new RangeError('The hour is 0-23');
  return `${date}:${String(hour).padStart(2, '0')}`;
}

/** The exact bytes HMAC-ed for attempt `counter` (75 bytes). */
export function beaconMessage(draw: BeaconDraw, counter: number): Uint8Array {
  if (!HEX_32.test(draw.randomness)) throw new RangeError('The randomness must be 64 hex digits');
  if (!Number.isInteger(counter) || counter < 0 || counter > 0xffffffff) {
    throw new RangeError('Not a counter');
  }
  const counterBytes = new Uint8Array(4);
  new DataView(counterBytes.buffer).setUint32(0, counter, false);
  return concatBytes(
    utf8ToBytes(BEACON_DOMAIN),
    utf8ToBytes(drawId(draw.date, draw.hour)),
    roundBytes(draw.round),
    hexToBytes(draw.randomness),
    counterBytes,
  );
}

/** The prize `seedHex` and the round's randomness give the draw, with the steps that led to it. */
export function deriveBeaconPrize(seedHex: string, draw: BeaconDraw): BeaconDerivation {
  if (!HEX_32.test(seedHex)) throw new RangeError('The seed must be 64 hex digits');
  const key = hexToBytes(seedHex);
  const steps: BeaconDerivationStep[] = [];
  for (let counter = 0; counter < MAX_ATTEMPTS; counter += 1) {
    const message = beaconMessage(draw, counter);
    const mac = hmac(sha256, key, message);
    const value = new DataView(mac.buffer, mac.byteOffset, 4).getUint32(0, false);
    const accepted = value < ACCEPT_BELOW;
    steps.push({ counter, message: bytesToHex(message), mac: bytesToHex(mac), value, accepted });
    if (accepted) return { prize: String(value % 10_000).padStart(4, '0'), steps };
  }
  throw new Error('No value accepted: the seed cannot be right');
}

/** The commitment to a seed, as ADR 012 publishes it: hex(SHA-256(seed bytes)). */
export function seedCommitment(seedHex: string): string {
  return bytesToHex(sha256(hexToBytes(seedHex)));
}
