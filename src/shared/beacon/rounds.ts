import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { BeaconChain } from './chains.ts';

/**
 * Round and time arithmetic of a drand chain, as drand/drand `common/time.go` defines it: round 1
 * is at genesis, round R at genesis + (R - 1) * period. All times are Unix seconds.
 */

/** The instant round `round` is published. */
export function roundTime(chain: Pick<BeaconChain, 'genesisTime' | 'period'>, round: number) {
  if (!Number.isSafeInteger(round) || round < 1) throw new RangeError('Not a round number');
  return chain.genesisTime + (round - 1) * chain.period;
}

/**
 * The latest round published at `unixSeconds`: R = floor((T - genesis) / period) + 1, 0 before
 * genesis (drand's CurrentRound says 1 there, but no round exists yet: we never claim one).
 */
export function roundAt(chain: Pick<BeaconChain, 'genesisTime' | 'period'>, unixSeconds: number) {
  if (!Number.isFinite(unixSeconds)) throw new RangeError('Not a time');
  if (unixSeconds < chain.genesisTime) return 0;
  return Math.floor((unixSeconds - chain.genesisTime) / chain.period) + 1;
}

/**
 * The round a draw at `drawUnixSeconds` uses: the first round published at or after the draw's
 * moment, so nobody (the operator included) can know its value before the draw. On quicknet a
 * draw at HH:30:00 falls exactly on a round (genesis and every whole minute are multiples of 3).
 */
export function drawRound(
  chain: Pick<BeaconChain, 'genesisTime' | 'period'>,
  drawUnixSeconds: number,
) {
  if (!Number.isSafeInteger(drawUnixSeconds) || drawUnixSeconds < chain.genesisTime) {
    throw new RangeError('The draw is before the chain began');
  }
  return Math.ceil((drawUnixSeconds - chain.genesisTime) / chain.period) + 1;
}

/**
 * drand's chain hash (drand/drand `common/chain/info.go`, Info.Hash): SHA-256 of the period as
 * uint32 BE, genesis time as int64 BE, the public key's bytes, the genesis seed, and the beacon id
 * unless it is "default". Lets a test prove the pinned key is the one the pinned hash names.
 */
export function chainHashOf(
  chain: Pick<BeaconChain, 'period' | 'genesisTime' | 'publicKey' | 'genesisSeed' | 'beaconId'>,
): string {
  const header = new Uint8Array(12);
  const view = new DataView(header.buffer);
  view.setUint32(0, chain.period, false);
  view.setBigInt64(4, BigInt(chain.genesisTime), false);
  const id = chain.beaconId === '' || chain.beaconId === 'default' ? '' : chain.beaconId;
  return bytesToHex(
    sha256(
      concatBytes(
        header,
        hexToBytes(chain.publicKey),
        hexToBytes(chain.genesisSeed),
        utf8ToBytes(id),
      ),
    ),
  );
}
