import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import type { ChainRow, DrawProof } from '@/lib/beacon/proof';
import { getReader } from '@/lib/supabase';

/** The beacon half of a draw's public data (ADR 023): its lock, chain and round, and the switch. */
export interface BeaconRows {
  lock: DrawProof['lock'];
  chain: ChainRow | null;
  round: DrawProof['round'];
  /** lottery_settings.beacon_since: the public moment draws switched to the beacon, or null. */
  beaconSince: string | null;
}

/**
 * A project from before beacon draws has no such table or column (PostgREST's PGRST205, "not in
 * the schema cache"; PostgreSQL's 42703): every draw there is of ADR 012's scheme.
 */
const absent = (error: PostgrestError | null) =>
  error !== null && (error.code === 'PGRST205' || error.code === '42703');

function orThrow<T>({ data, error }: { data: T | null; error: PostgrestError | null }): T | null {
  if (absent(error)) return null;
  if (error) throw error;
  return data;
}

/**
 * Reads the beacon rows with the anon key, as any visitor can. The tables (migration
 * 20250601001300_beacon_draws) are read untyped until database.types.ts is regenerated with
 * them; the shapes are the contract's (ADR 023) and buildProof normalises bigint columns.
 */
export async function getBeaconRows(date: string, hour: number): Promise<BeaconRows> {
  const supabase = (await getReader()) as unknown as SupabaseClient;
  const [lock, settings] = await Promise.all([
    supabase
      .from('draw_locks')
      .select('chain_hash, round, ciphertext, locked_at')
      .eq('draw_date', date)
      .eq('draw_hour', hour)
      .maybeSingle(),
    supabase.from('lottery_settings').select('beacon_since').maybeSingle(),
  ]);
  const lockRow = orThrow<NonNullable<DrawProof['lock']>>(lock);
  const beaconSince = orThrow<{ beacon_since: string | null }>(settings)?.beacon_since ?? null;
  if (!lockRow) return { lock: null, chain: null, round: null, beaconSince };
  const [chain, round] = await Promise.all([
    supabase
      .from('beacon_chains')
      .select('chain_hash, scheme, public_key, genesis_time, period, beacon_id, independent')
      .eq('chain_hash', lockRow.chain_hash)
      .maybeSingle(),
    supabase
      .from('beacon_rounds')
      .select('round, signature, randomness')
      .eq('chain_hash', lockRow.chain_hash)
      .eq('round', lockRow.round)
      .maybeSingle(),
  ]);
  return {
    lock: lockRow,
    chain: orThrow<ChainRow>(chain),
    round: orThrow<NonNullable<DrawProof['round']>>(round),
    beaconSince,
  };
}
