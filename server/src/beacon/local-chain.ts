import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { SCHEME_G1_RFC9380, type BeaconChain } from '../../../src/shared/beacon/chains.ts';
import { chainHashOf } from '../../../src/shared/beacon/rounds.ts';

/**
 * The stack's own test beacon (ADR 023): a BLS key of drand's quicknet scheme kept in the data
 * dir, so offline installs and tests run the same fetch, verify and tlock code as quicknet. It is
 * the operator's key, so it proves nothing about foresight: `independent` is false.
 */

export const LOCAL_BEACON_FILE = 'beacon-local.json';
/** quicknet's period, so round arithmetic and timings are the same. */
const PERIOD = 3;

interface StoredKey {
  secretKey: string;
  genesisTime: number;
  period: number;
  /**
   * Derived from the secret key once and kept: the derivation (a G2 multiplication, 0.1-0.4 s of
   * CPU) would otherwise be paid by the supervisor and the http worker on every start (ADR 031).
   */
  publicKey?: string;
}

export interface LocalBeacon {
  chain: BeaconChain;
  secretKey: Uint8Array;
}

function publicKeyOf(secretKey: Uint8Array): string {
  return bytesToHex(bls12_381.shortSignatures.getPublicKey(secretKey).toBytes());
}

function fromStored(stored: StoredKey): LocalBeacon {
  const secretKey = hexToBytes(stored.secretKey);
  const publicKey = stored.publicKey ?? publicKeyOf(secretKey);
  const base = {
    name: 'local',
    publicKey,
    genesisTime: stored.genesisTime,
    period: stored.period,
    scheme: SCHEME_G1_RFC9380,
    // drand's genesis seed is its group's hash; a one-member group's is its key's.
    genesisSeed: bytesToHex(sha256(hexToBytes(publicKey))),
    beaconId: 'local',
    independent: false,
  } as const;
  return { chain: { ...base, hash: chainHashOf(base) }, secretKey };
}

/**
 * The data dir's local beacon, created on first use with genesis at the current whole minute (a
 * multiple of the period, so a draw at HH:30:00 falls exactly on a round, as on quicknet).
 * Created with `wx`: when two workers start at once, the one that loses the race reads the
 * winner's key. Mode 0600: the key signs every local round.
 */
export function loadLocalBeacon(dataDir: string, nowSeconds = Date.now() / 1000): LocalBeacon {
  const file = path.join(dataDir, LOCAL_BEACON_FILE);
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredKey;
    if (stored.publicKey === undefined) keepPublicKey(file, stored);
    return fromStored(stored);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secretKey = bls12_381.utils.randomSecretKey();
  const stored: StoredKey = {
    secretKey: bytesToHex(secretKey),
    genesisTime: Math.floor(nowSeconds / 60) * 60,
    period: PERIOD,
    publicKey: publicKeyOf(secretKey),
  };
  try {
    writeFileSync(file, `${JSON.stringify(stored)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fromStored(JSON.parse(readFileSync(file, 'utf8')) as StoredKey);
  }
  return fromStored(stored);
}

/** A key file from before `publicKey` was kept gains it; renamed into place, so a reader never sees half. */
function keepPublicKey(file: string, stored: StoredKey): void {
  stored.publicKey = publicKeyOf(hexToBytes(stored.secretKey));
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(stored)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}
