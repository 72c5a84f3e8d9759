import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { supabaseDir } from '../config.ts';
import type { AdmissionOptions } from './admission.ts';

/** What the REST API takes from the project's configuration, as PostgREST's config does. */
export interface RestSettings {
  /** `[api] max_rows` of supabase/config.toml: PostgREST's db-max-rows. */
  maxRows?: number;
  admission: AdmissionOptions;
}

/** PostgREST's default db-pool-acquisition-timeout, in seconds. */
const DEFAULT_ACQUISITION_TIMEOUT_S = 10;

function positiveInteger(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** `[api] max_rows`, the value `supabase start` hands PostgREST as PGRST_DB_MAX_ROWS. */
export function readMaxRows(dir = supabaseDir): number | undefined {
  const file = path.join(dir, 'config.toml');
  if (!existsSync(file)) return undefined;
  const toml = parseToml(readFileSync(file, 'utf8')) as { api?: { max_rows?: unknown } };
  return positiveInteger(toml.api?.max_rows);
}

/**
 * `poolSize` is the REST pool's size. Bulk reads may hold a tenth of it and requests with
 * costly filters an eighth (at least one connection each): enough for an admin's range or an
 * honest search, never enough to starve the reads every page makes.
 * PGRST_DB_POOL_ACQUISITION_TIMEOUT (seconds) overrides the wait, as it does for PostgREST.
 */
export function restSettings(poolSize: number, env: NodeJS.ProcessEnv = process.env): RestSettings {
  const timeoutS =
    positiveInteger(env.PGRST_DB_POOL_ACQUISITION_TIMEOUT) ?? DEFAULT_ACQUISITION_TIMEOUT_S;
  return {
    maxRows: readMaxRows(),
    admission: {
      slots: poolSize,
      laneSlots: {
        bulk: Math.max(1, Math.floor(poolSize / 10)),
        costly: Math.max(1, Math.floor(poolSize / 8)),
      },
      timeoutMs: timeoutS * 1000,
    },
  };
}
