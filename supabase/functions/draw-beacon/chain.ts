import { QUICKNET, SCHEME_G1_RFC9380, type BeaconChain } from '../_shared/beacon/chains.ts';
import type { BeaconConfig } from './config.ts';

/** A public.beacon_chains row, as REST returns it. */
export interface ChainRow {
  chain_hash: string;
  scheme: string;
  public_key: string;
  genesis_time: number;
  period: number;
  beacon_id: string;
  independent: boolean;
}

/** Where a chain's rounds come from and the key they must verify against. */
export interface ChainSource {
  chain: BeaconChain;
  /** The URL of round `round`, one per relay, in the order they are tried. */
  urls: (round: number) => string[];
}

/**
 * The chain a row names, with the key its rounds must verify against: quicknet is always the
 * pinned chain (src/shared/beacon/chains.ts), whatever its row says; any other chain is a local
 * test beacon whose key is the row's, and never independent.
 */
export function chainOf(row: ChainRow): BeaconChain | null {
  if (row.chain_hash === QUICKNET.hash) return QUICKNET;
  if (row.independent || row.scheme !== SCHEME_G1_RFC9380) return null;
  return {
    name: row.beacon_id,
    hash: row.chain_hash,
    publicKey: row.public_key,
    genesisTime: Number(row.genesis_time),
    period: row.period,
    scheme: SCHEME_G1_RFC9380,
    genesisSeed: '',
    beaconId: row.beacon_id,
    independent: false,
  };
}

/**
 * Where the rounds come from: quicknet from the relays in turn, a local chain from
 * BEACON_LOCAL_URL only. Null: no source configured, so its draws keep waiting.
 */
export function chainSource(row: ChainRow, config: BeaconConfig): ChainSource | null {
  const chain = chainOf(row);
  if (!chain) return null;
  if (chain === QUICKNET) {
    return {
      chain,
      urls: (round) => config.relays.map((relay) => `${relay}/${QUICKNET.hash}/public/${round}`),
    };
  }
  const base = config.localUrl;
  return base ? { chain, urls: (round) => [`${base}/${row.chain_hash}/public/${round}`] } : null;
}
