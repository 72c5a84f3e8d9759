// Writes tests/fixtures/beacon-proof-local.json: the proof of one beacon draw made through a
// local test beacon (ADR 023, "Verification"), as the stack would publish it: a fresh BLS key of
// quicknet's scheme (thrown away after), a seed committed the day before and time-locked with
// tlock to the draw's round, that round signed at the draw's moment, the prize derived from both.
// The unit, component, CLI and e2e tests of the verification all check this one file.
//
//   npx tsx scripts/beacon-proof-fixture.ts            (rewrites the file)
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { SCHEME_G1_RFC9380, type BeaconChain } from '../src/shared/beacon/chains.ts';
import { deriveBeaconPrize, seedCommitment } from '../src/lib/beacon/derive.ts';
import { buildProof, proofJson } from '../src/lib/beacon/proof.ts';
import { chainHashOf, drawRound } from '../src/shared/beacon/rounds.ts';
import { sealToRound } from '../src/lib/beacon/time-lock.ts';
import { randomnessOf, roundPoint } from '../src/shared/beacon/verify.ts';

const date = '2026-11-23';
const hour = 14;
const timeZone = 'Asia/Bangkok'; // 14:30 there is 07:30Z

const secretKey = bls12_381.utils.randomSecretKey();
const publicKey = bytesToHex(bls12_381.shortSignatures.getPublicKey(secretKey).toBytes());
const base = {
  name: 'local',
  publicKey,
  genesisTime: Date.parse('2026-11-01T00:00:00Z') / 1000,
  period: 3,
  scheme: SCHEME_G1_RFC9380,
  genesisSeed: bytesToHex(sha256(hexToBytes(publicKey))),
  beaconId: 'local',
  independent: false,
} as const;
const chain: BeaconChain = { ...base, hash: chainHashOf(base) };

const round = drawRound(chain, Date.parse('2026-11-23T07:30:00Z') / 1000);
const signature = bytesToHex(
  bls12_381.shortSignatures.sign(roundPoint(round), secretKey).toBytes(),
);
const randomness = randomnessOf(signature);
const seed = randomBytes(32).toString('hex');
const ciphertext = await sealToRound(chain, round, seed);
const { prize } = deriveBeaconPrize(seed, { date, hour, round, randomness });

const proof = buildProof({
  date,
  hour,
  timeZone,
  result: { first_prize: prize, source: 'system' },
  commitment: { commitment: seedCommitment(seed), committed_at: '2026-11-22T10:00:00Z' },
  seed,
  lock: { chain_hash: chain.hash, round, ciphertext, locked_at: '2026-11-22T10:00:05Z' },
  chain: {
    chain_hash: chain.hash,
    scheme: chain.scheme,
    public_key: chain.publicKey,
    genesis_time: chain.genesisTime,
    period: chain.period,
    beacon_id: chain.beaconId,
    independent: false,
  },
  round: { round, signature, randomness },
});
writeFileSync(
  new URL('../tests/fixtures/beacon-proof-local.json', import.meta.url),
  proofJson(proof),
);
console.log(`round ${round}, prize ${prize}`);
