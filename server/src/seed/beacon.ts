import type pg from 'pg';
import { QUICKNET } from '../../../src/shared/beacon/chains.ts';
import { loadLocalBeacon } from '../beacon/local-chain.ts';
import type { StackConfig } from '../config.ts';

/**
 * Records the data dir's local test beacon in public.beacon_chains (independent = false, as the
 * table's check insists for any chain but quicknet) and returns its hash. Idempotent.
 */
export async function registerLocalBeacon(pool: pg.Pool, dataDir: string): Promise<string> {
  const { chain } = loadLocalBeacon(dataDir);
  await pool.query(
    `insert into public.beacon_chains
       (chain_hash, scheme, public_key, genesis_time, period, beacon_id, independent)
     values ($1, $2, $3, $4, $5, $6, false)
     on conflict (chain_hash) do nothing`,
    [chain.hash, chain.scheme, chain.publicKey, chain.genesisTime, chain.period, chain.beaconId],
  );
  return chain.hash;
}

/**
 * The switch of ADR 023 (lottery_settings.beacon_since, public): `local` or `quicknet` ties every
 * draw committed from now on to that chain's rounds (a switch made earlier keeps its moment);
 * `off` goes back to ADR 012's scheme for draws not locked yet. Returns the chain's hash.
 */
export async function switchBeacon(
  pool: pg.Pool,
  dataDir: string,
  choice: NonNullable<StackConfig['beaconChain']>,
): Promise<string | null> {
  if (choice === 'off') {
    await pool.query(
      `update public.lottery_settings set beacon_since = null, beacon_chain_hash = null
        where id and beacon_since is not null`,
    );
    return null;
  }
  const hash = choice === 'quicknet' ? QUICKNET.hash : await registerLocalBeacon(pool, dataDir);
  await pool.query(
    `update public.lottery_settings
        set beacon_since = coalesce(beacon_since, now()), beacon_chain_hash = $1
      where id and beacon_chain_hash is distinct from $1`,
    [hash],
  );
  return hash;
}

/** The chain draws are tied to now, as the start banner names it; null before any switch. */
export async function beaconInUse(pool: pg.Pool): Promise<{ independent: boolean } | null> {
  const { rows } = await pool.query<{ independent: boolean }>(
    `select c.independent from public.lottery_settings s
       join public.beacon_chains c on c.chain_hash = s.beacon_chain_hash
      where s.id and s.beacon_since is not null`,
  );
  return rows[0] ?? null;
}
