// The public rows of one draw, read through the project's REST API with the anon key, exactly
// as any visitor can (docs/decisions/012-verifiable-draws.md, 023-beacon-draws.md): the input of
// `npm run verify -- DATE HOUR`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ChainRow, PublicRows } from '../src/lib/beacon/proof.ts';

export interface Project {
  url: string;
  key: string;
}

export class UsageError extends Error {}

/** --url/--key, else SUPABASE_URL/SUPABASE_ANON_KEY, else the local stack's DATA_DIR/stack.json. */
export function projectOf(url?: string, key?: string): Project {
  if (url && key) return { url: url.replace(/\/+$/, ''), key };
  const env = process.env;
  if (env.SUPABASE_URL && env.SUPABASE_ANON_KEY) {
    return { url: env.SUPABASE_URL.replace(/\/+$/, ''), key: env.SUPABASE_ANON_KEY };
  }
  const dataDir = path.resolve(env.DATA_DIR || new URL('../.data', import.meta.url).pathname);
  try {
    const state = JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8'));
    return { url: state.url, key: state.anonKey };
  } catch {
    throw new UsageError(
      `No project given and no running local stack in ${dataDir} (start it with npm start).`,
    );
  }
}

export class NetworkError extends Error {}

/**
 * GET one table through the public REST API. `optional`: a project from before beacon draws has
 * no such table (PostgREST's PGRST205, "not in the schema cache") or column (42703): its draws
 * have no lock.
 */
async function rows<T>(api: Project, table: string, query: string, optional = false): Promise<T[]> {
  const response = await fetch(`${api.url}/rest/v1/${table}?${query}`, {
    headers: { apikey: api.key, Authorization: `Bearer ${api.key}` },
  }).catch((error: Error) => {
    throw new NetworkError(`Cannot reach ${api.url}: ${error.message}`);
  });
  if (!response.ok) {
    const body = await response.text();
    if (optional && /"(PGRST205|42703)"/.test(body)) return [];
    throw new NetworkError(`${table}: HTTP ${response.status} ${body}`);
  }
  return (await response.json()) as T[];
}

export interface FetchedRows extends PublicRows {
  result:
    | (NonNullable<PublicRows['result']> & {
        created_at: string;
        previous_prize: string | null;
        corrected_at: string | null;
      })
    | null;
  /** lottery_settings.beacon_since: the public switch to beacon draws, null before it. */
  beaconSince: string | null;
}

export async function fetchPublicRows(
  api: Project,
  date: string,
  hour: number,
): Promise<FetchedRows> {
  const where = `draw_date=eq.${date}&draw_hour=eq.${hour}`;
  const [settings, since] = await Promise.all([
    rows<{ timezone: string }>(api, 'lottery_settings', 'select=timezone'),
    rows<{ beacon_since: string | null }>(api, 'lottery_settings', 'select=beacon_since', true),
  ]);
  const [[result], [commitment], [revealed], [lock]] = await Promise.all([
    rows<FetchedRows['result'] & object>(
      api,
      'lottery_results',
      `select=first_prize,source,created_at,previous_prize,corrected_at&${where}`,
    ),
    rows<{ commitment: string; committed_at: string }>(
      api,
      'draw_commitments',
      `select=commitment,committed_at&${where}`,
    ),
    rows<{ seed: string }>(api, 'draw_seeds', `select=seed&${where}`),
    rows<NonNullable<PublicRows['lock']>>(
      api,
      'draw_locks',
      `select=chain_hash,round,ciphertext,locked_at&${where}`,
      true,
    ),
  ]);
  const chainWhere = lock ? `chain_hash=eq.${lock.chain_hash}` : '';
  const [[chain], [round]] = lock
    ? await Promise.all([
        rows<ChainRow>(
          api,
          'beacon_chains',
          `select=chain_hash,scheme,public_key,genesis_time,period,beacon_id,independent&${chainWhere}`,
        ),
        rows<NonNullable<PublicRows['round']>>(
          api,
          'beacon_rounds',
          `select=round,signature,randomness&${chainWhere}&round=eq.${lock.round}`,
        ),
      ])
    : [[], []];
  return {
    date,
    hour,
    timeZone: settings[0]?.timezone ?? 'UTC',
    beaconSince: since[0]?.beacon_since ?? null,
    result: result ?? null,
    commitment: commitment ?? null,
    seed: revealed?.seed ?? null,
    lock: lock ?? null,
    chain: chain ?? null,
    round: round ?? null,
  };
}
