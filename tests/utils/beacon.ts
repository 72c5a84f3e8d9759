// Helpers of the beacon draw suites (ADR 023): a draw made due without waiting an hour, the
// local beacon's own rounds, and tlock's decryption with a round the suite supplies.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { timelockDecrypt, type ChainClient } from 'tlock-js';
import { chainInfoBody, type BeaconChain } from '../../src/shared/beacon/chains.ts';
import type { BeaconRound } from '../../src/shared/beacon/verify.ts';

/** The latest HH:30 (UTC, the test stack's lottery clock) at or before `now`, minus `hoursBack`. */
export function pastDraw(hoursBack: number, now = Date.now()) {
  const hour = 3_600_000;
  const at = Math.floor((now - hour / 2) / hour) * hour + hour / 2 - hoursBack * hour;
  const iso = new Date(at).toISOString();
  return { date: iso.slice(0, 10), hour: Number(iso.slice(11, 13)), at };
}

/**
 * What a committed, locked and sealed beacon draw looks like a day after its commitment, written
 * as the owner: the past draw the suites make due. Returns its seed (known only to the test).
 */
export async function insertLockedDraw(
  pool: pg.Pool,
  draw: { date: string; hour: number; at: number },
  chainHash: string,
  round: number,
  ciphertext: string | null,
  seed: string,
): Promise<void> {
  const committedAt = new Date(draw.at - 86_400_000);
  await pool.query(
    `insert into public.draw_seeds (draw_date, draw_hour, seed) values ($1, $2, $3)`,
    [draw.date, draw.hour, seed],
  );
  await pool.query(
    `insert into public.draw_commitments (draw_date, draw_hour, commitment, committed_at)
     values ($1, $2, $3, $4)`,
    [draw.date, draw.hour, sha256Hex(seed), committedAt],
  );
  await pool.query(
    `insert into public.draw_locks (draw_date, draw_hour, chain_hash, round, ciphertext, locked_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [draw.date, draw.hour, chainHash, round, ciphertext, ciphertext ? committedAt : null],
  );
}

export const sha256Hex = (hex: string) =>
  createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/**
 * Opens a tlock ciphertext with a round the caller has (stored, recorded or signed locally).
 * tlock-js refuses a round whose time has not come on the chain's clock; `ahead` (a test holding
 * the local beacon's key) moves that clock's origin, since decryption uses only the round's
 * signature.
 */
export async function openSeal(
  chain: BeaconChain,
  ciphertext: string,
  round: Required<BeaconRound>,
  { ahead = false } = {},
): Promise<string> {
  const info = { ...chainInfoBody(chain), ...(ahead ? { genesis_time: 0 } : {}) };
  const client = {
    options: { disableBeaconVerification: true, noCache: true },
    chain: () => ({ baseUrl: 'offline', info: async () => info }),
    latest: async () => round,
    get: async (wanted: number) => {
      if (wanted !== round.round) throw new Error(`round ${wanted} is not at hand`);
      return round;
    },
  } as unknown as ChainClient;
  // tlock-js logs every beacon it decrypts with; the tests need no such noise.
  const log = console.log;
  console.log = () => undefined;
  try {
    return (await timelockDecrypt(ciphertext, client)).toString('utf8');
  } finally {
    console.log = log;
  }
}
