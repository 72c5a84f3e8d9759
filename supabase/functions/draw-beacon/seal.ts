import { Buffer, timelockEncrypt, type ChainClient } from 'tlock-js';
import { chainInfoBody, type BeaconChain } from '../_shared/beacon/chains.ts';

/**
 * tlock-js asks its ChainClient for the chain's info only when it encrypts (the key, the scheme,
 * the hash); rounds are asked for only to decrypt, which the sealer never does. So sealing needs
 * no network: the chain is the pinned quicknet or the stored local chain.
 */
function offlineClient(chain: BeaconChain): ChainClient {
  const refuse = () => Promise.reject(new Error('The sealer never fetches rounds'));
  return {
    options: { disableBeaconVerification: false, noCache: true },
    chain: () => ({ baseUrl: 'offline', info: () => Promise.resolve(chainInfoBody(chain)) }),
    latest: refuse,
    get: refuse,
  } as ChainClient;
}

/**
 * The seed's 64 hex digits, time-locked to `round` of `chain` (tlock's IBE to the round, then
 * age, armored): anyone opens it with the round's signature once drand publishes it.
 */
export function sealSeed(chain: BeaconChain, round: number, seedHex: string): Promise<string> {
  return timelockEncrypt(round, Buffer.from(seedHex, 'utf8'), offlineClient(chain));
}
