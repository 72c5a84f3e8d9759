import type { SupabaseToml } from '../config.ts';
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

/**
 * `poolSize` is the REST pool's size. Bulk reads may hold a tenth of it and requests with
 * costly filters an eighth (at least one connection each): enough for an admin's range or an
 * honest search, never enough to starve the reads every page makes.
 * PGRST_DB_POOL_ACQUISITION_TIMEOUT (seconds) overrides the wait, as it does for PostgREST.
 */
export function restSettings(
  poolSize: number,
  project: SupabaseToml,
  env: NodeJS.ProcessEnv = process.env,
): RestSettings {
  const timeoutS =
    positiveInteger(env.PGRST_DB_POOL_ACQUISITION_TIMEOUT) ?? DEFAULT_ACQUISITION_TIMEOUT_S;
  return {
    // `[api] max_rows`, which `supabase start` hands PostgREST as PGRST_DB_MAX_ROWS.
    maxRows: positiveInteger(project.api?.max_rows),
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
