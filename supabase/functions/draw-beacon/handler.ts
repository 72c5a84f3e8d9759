import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { chainOf, chainSource, type ChainRow } from './chain.ts';
import { readConfig, type BeaconConfig } from './config.ts';
import { fetchVerifiedRound } from './fetch-round.ts';
import { sealSeed } from './seal.ts';

export interface HandlerOptions {
  realtime?: SupabaseClientOptions<'public'>['realtime'];
}

export type Handler = (req: Request) => Promise<Response>;

interface DueRow {
  chain_hash: string;
  round: number;
  draw_date: string;
  draw_hour: number;
  attempts: number;
}

interface SealRow {
  draw_date: string;
  draw_hour: number;
  chain_hash: string;
  round: number;
  seed: string;
}

/** What one call did. Public facts only: rounds and draws, never a seed or a randomness. */
export interface BeaconReport {
  drawn: number;
  stored: Array<{ chain_hash: string; round: number }>;
  waiting: Array<{
    draw_date: string;
    draw_hour: number;
    round: number;
    retry_at: string | null;
    reason: string;
  }>;
  sealed: number;
  seal_failures: number;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });

/** Compares without stopping at the first differing character. */
function sameSecret(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * draw-beacon (ADR 023): one scheduled step of the beacon draws, run by pg_cron through pg_net on
 * hosted Supabase (supabase/snippets/schedule-beacon.sql) and by the local stack's scheduler.
 * First the draws: every beacon draw whose moment has passed without its round gets the round
 * fetched, verified against the chain's key and stored, which draws it (store_beacon_round);
 * a failure is recorded and retried with backoff (beacon_round_failed). Then, within the time
 * left, the seals: locks still ahead get their seed time-locked to their round.
 * Only the service role key may call it: it works with that key's RPCs and costs CPU.
 */
export function createHandler(
  env: Record<string, string | undefined>,
  options: HandlerOptions = {},
): Handler {
  const url = env.SUPABASE_URL;
  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !serviceKey)
    throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');
  const config: BeaconConfig = readConfig(env);
  // BEACON_CALLER_KEY: another secret the scheduler may send instead of the service role key, for
  // projects whose keys are the new sb_secret_ ones (schedule-beacon.sql keeps it in Vault).
  const callerKey =
    env.BEACON_CALLER_KEY && env.BEACON_CALLER_KEY.length >= 32 ? env.BEACON_CALLER_KEY : null;
  const supabase = createClient(url, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: options.realtime,
  });

  async function chainRows(hashes: string[]): Promise<Map<string, ChainRow>> {
    const found = new Map<string, ChainRow>();
    if (hashes.length === 0) return found;
    const { data, error } = await supabase
      .from('beacon_chains')
      .select('chain_hash, scheme, public_key, genesis_time, period, beacon_id, independent')
      .in('chain_hash', hashes);
    if (error) throw new Error('beacon_chains could not be read');
    for (const row of data as ChainRow[]) found.set(row.chain_hash, row);
    return found;
  }

  async function drawDue(report: BeaconReport, started: number): Promise<void> {
    const { data, error } = await supabase.rpc('beacon_rounds_due', { max_rounds: 8 });
    if (error) throw new Error('beacon_rounds_due failed');
    const due = data as DueRow[];
    const rows = await chainRows([...new Set(due.map((row) => row.chain_hash))]);
    for (const [index, row] of due.entries()) {
      // A verification costs 0.1-0.3 s of CPU (1.5 s the first in an isolate): past the budget,
      // the rest wait for the next call, not marked as failed.
      if (index > 0 && Date.now() - started >= config.budgetMs) break;
      const chainRow = rows.get(row.chain_hash);
      const source = chainRow ? chainSource(chainRow, config) : null;
      const fetched = source
        ? await fetchVerifiedRound(source, Number(row.round), config.fetchTimeoutMs)
        : ({ ok: false, reason: 'no source configured for this chain' } as const);
      if (fetched.ok) {
        const stored = await supabase.rpc('store_beacon_round', {
          beacon_chain: row.chain_hash,
          beacon_round: row.round,
          signature: fetched.signature,
        });
        if (!stored.error) {
          report.drawn += Number(stored.data ?? 0);
          report.stored.push({ chain_hash: row.chain_hash, round: Number(row.round) });
          continue;
        }
      }
      const reason = fetched.ok ? 'the round could not be stored' : fetched.reason;
      const failed = await supabase.rpc('beacon_round_failed', {
        beacon_chain: row.chain_hash,
        beacon_round: row.round,
        reason,
      });
      report.waiting.push({
        draw_date: row.draw_date,
        draw_hour: row.draw_hour,
        round: Number(row.round),
        retry_at: failed.error ? null : (failed.data as string),
        reason,
      });
    }
  }

  async function sealPending(report: BeaconReport, started: number): Promise<void> {
    if (Date.now() - started >= config.budgetMs) return;
    const { data, error } = await supabase.rpc('beacon_seeds_to_seal', {
      max_locks: config.sealsPerCall,
    });
    if (error) throw new Error('beacon_seeds_to_seal failed');
    const pending = data as SealRow[];
    const rows = await chainRows([...new Set(pending.map((row) => row.chain_hash))]);
    for (const row of pending) {
      if (Date.now() - started >= config.budgetMs) break;
      // Sealing needs the chain's key only, so it works for a local chain without its URL too.
      const chainRow = rows.get(row.chain_hash);
      const chain = chainRow ? chainOf(chainRow) : null;
      const armored = chain
        ? await sealSeed(chain, Number(row.round), row.seed).catch(() => null)
        : null;
      const sealed = armored
        ? await supabase.rpc('seal_draw_lock', {
            lock_date: row.draw_date,
            lock_hour: row.draw_hour,
            armored,
          })
        : null;
      if (sealed && !sealed.error && sealed.data) report.sealed += 1;
      else report.seal_failures += 1;
    }
  }

  return async (req) => {
    if (req.method !== 'POST') return json(405, { error: 'POST only' });
    const token = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    if (!sameSecret(token, serviceKey) && !(callerKey && sameSecret(token, callerKey))) {
      return json(401, { error: 'Only the scheduler (the service role key) may call draw-beacon' });
    }
    await req.body?.cancel();
    const started = Date.now();
    const report: BeaconReport = { drawn: 0, stored: [], waiting: [], sealed: 0, seal_failures: 0 };
    try {
      await drawDue(report, started);
      await sealPending(report, started);
    } catch (error) {
      // The messages above name the step only: no database error text (or seed) leaves here.
      return json(503, { error: (error as Error).message, ...report });
    }
    return json(200, report);
  };
}
