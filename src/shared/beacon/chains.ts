/**
 * The randomness beacons a draw can be tied to (ADR 023), pinned here once: every implementation
 * (browser, Node, Deno, the stack's own beacon) reads its chain from this module, and nothing
 * trusts the `/info` a relay serves in place of it.
 *
 * quicknet is the League of Entropy's 3-second unchained chain. Its values are drand's own
 * published chain info, identical in drand/drand `common/chain/info_test.go` (TestJsonFromRelay,
 * a relay's `/info` body, commit 7b59a1f), drand/drand-client `lib/defaults.ts`
 * (QUICKNET_CHAIN_INFO, commit f096324) and drand/tlock `tlock_test.go` (commit 962ec50);
 * tests/fixtures/drand/quicknet-info.json keeps that body and a test holds the two together.
 */

/** drand's scheme id for unchained BLS signatures on G1 with RFC 9380 hash-to-curve. */
export const SCHEME_G1_RFC9380 = 'bls-unchained-g1-rfc9380';

/**
 * The hash-to-curve domain separation tag of that scheme, as drand-client's
 * `lib/beacon-verification.ts` passes it for `bls-unchained-g1-rfc9380` (RFC 9380's G1 suite with
 * the BLS signature `_NUL_` tag; the older `bls-unchained-on-g1` used the G2 tag by mistake).
 */
export const DST_G1_RFC9380 = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

export interface BeaconChain {
  /** Short name used in configuration and shown to people. */
  name: string;
  /** drand's chain hash: 32 bytes as 64 lowercase hex digits. */
  hash: string;
  /** The group's public key: a compressed BLS12-381 G2 point, 96 bytes as hex. */
  publicKey: string;
  /** Unix seconds of round 1. */
  genesisTime: number;
  /** Seconds between rounds. */
  period: number;
  scheme: typeof SCHEME_G1_RFC9380;
  /** drand's `genesis_seed` (v2 name) / `groupHash` (v1 name). */
  genesisSeed: string;
  beaconId: string;
  /**
   * `false` for a beacon that is not independent of the operator (the stack's local test
   * beacon): every view of a draw tied to it must say so.
   */
  independent: boolean;
}

export const QUICKNET: BeaconChain = Object.freeze({
  name: 'quicknet',
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c' +
    '8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb' +
    '5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesisTime: 1692803367,
  period: 3,
  scheme: SCHEME_G1_RFC9380,
  genesisSeed: 'f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e',
  beaconId: 'quicknet',
  independent: true,
});

/** The relays that serve quicknet (drand-docs `docs/developer/06-HTTP-API.md`). */
export const QUICKNET_RELAYS: readonly string[] = Object.freeze([
  'https://api.drand.sh',
  'https://api2.drand.sh',
  'https://api3.drand.sh',
  'https://drand.cloudflare.com',
]);

/**
 * drand's `/info` body (v1 field names, as every relay serves it) for a chain: what the stack's
 * local beacon serves, and what a client compares with its pinned chain.
 */
export function chainInfoBody(chain: BeaconChain) {
  return {
    public_key: chain.publicKey,
    period: chain.period,
    genesis_time: chain.genesisTime,
    hash: chain.hash,
    groupHash: chain.genesisSeed,
    schemeID: chain.scheme,
    metadata: { beaconID: chain.beaconId },
  };
}
