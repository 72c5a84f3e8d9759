import type * as TlockModule from 'tlock-js';
import { chainInfoBody, type BeaconChain } from '../../shared/beacon/chains.ts';
import type { BeaconRound } from '../../shared/beacon/verify.ts';

/**
 * The time-locked seed (ADR 023): a seed encrypted with tlock to the round its draw uses, so it
 * opens with that round's signature alone. tlock-js (≈ 58 KB gzip with its `buffer` polyfill) is
 * imported only when a lock is sealed or opened, never in a page's first load.
 *
 * tlock-js asks a drand-client `ChainClient` for the chain's info and the round: ours answers
 * from the data in hand (the chain row, the round in the proof), so opening a lock needs no
 * network at all.
 */

/** An armored age file of one 64-hex seed is ≈ 633 characters; a stranger's may be no longer. */
export const MAX_CIPHERTEXT_LENGTH = 4096;

const ARMOR =
  /^-----BEGIN AGE ENCRYPTED FILE-----\r?\n([A-Za-z0-9+/=\r\n]+)-----END AGE ENCRYPTED FILE-----\s*$/;
/** age's header line of a tlock recipient: `-> tlock {round} {chain hash}` (drand/tlock). */
const STANZA = /^-> tlock (\d{1,16}) ([0-9a-f]{64})$/m;

/** The round and chain an armored tlock ciphertext names in its header, or null. */
export function lockedRoundOf(armored: string): { round: number; chainHash: string } | null {
  if (armored.length > MAX_CIPHERTEXT_LENGTH) return null;
  const body = ARMOR.exec(armored)?.[1];
  if (!body) return null;
  let text: string;
  try {
    text = atob(body.replace(/\s+/g, ''));
  } catch {
    return null;
  }
  const stanza = STANZA.exec(text);
  return stanza ? { round: Number(stanza[1]), chainHash: stanza[2]! } : null;
}

type Tlock = typeof TlockModule;

async function loadTlock(): Promise<Tlock> {
  const loaded = (await import('tlock-js')) as Tlock & { default?: Tlock };
  // tlock-js is CommonJS: Node hands its exports as `default`, a bundler as the namespace.
  return typeof loaded.timelockDecrypt === 'function' ? loaded : loaded.default!;
}

/** A ChainClient that serves one chain's info and the rounds given, and nothing from a network. */
function offlineClient(chain: BeaconChain, rounds: BeaconRound[]) {
  const info = chainInfoBody(chain);
  const get = async (round: number) => {
    const found = rounds.find((candidate) => candidate.round === round);
    if (!found) throw new Error(`Round ${round} is not in the data given`);
    return { round, signature: found.signature, randomness: found.randomness ?? '' };
  };
  return {
    // The round is verified on its own step (verifyRound): tlock need not do it again.
    options: { disableBeaconVerification: true, noCache: true },
    chain: () => ({ baseUrl: 'offline:', info: async () => info }),
    latest: async () => Promise.reject(new Error('No latest round offline')),
    get,
  } as unknown as Parameters<Tlock['timelockDecrypt']>[1];
}

/**
 * tlock-js's decrypter `console.log`s every beacon it uses (tlock-js 0.9.0
 * `drand/timelock-decrypter.js`): the CLI's output and the browser's console stay ours.
 */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const log = console.log;
  console.log = () => {};
  try {
    return await work();
  } finally {
    console.log = log;
  }
}

/** Encrypts `plaintext` to `round` of `chain` (tests and fixtures; the stack seals its own). */
export async function sealToRound(
  chain: BeaconChain,
  round: number,
  plaintext: string,
): Promise<string> {
  const tlock = await loadTlock();
  const client = offlineClient(chain, []);
  return tlock.timelockEncrypt(round, tlock.Buffer.from(plaintext, 'utf8'), client);
}

/**
 * Opens an armored tlock ciphertext with the round's signature. Throws when it does not open
 * (another round, another chain's key, a changed byte): the caller says which step failed.
 */
export async function openTimeLock(
  chain: BeaconChain,
  round: BeaconRound,
  armored: string,
): Promise<string> {
  if (armored.length > MAX_CIPHERTEXT_LENGTH) throw new RangeError('The ciphertext is too long');
  const tlock = await loadTlock();
  const opened = await quietly(() => tlock.timelockDecrypt(armored, offlineClient(chain, [round])));
  return new TextDecoder().decode(opened);
}
