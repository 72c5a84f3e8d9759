import { QUICKNET_RELAYS } from '../_shared/beacon/chains.ts';

/**
 * draw-beacon's settings, from its environment (hosted: `supabase secrets set`; the local stack
 * passes them). Every number is bounded: a typo must not make one call seal for minutes.
 */
export interface BeaconConfig {
  /** `BEACON_RELAYS`: quicknet relays tried in turn, comma-separated; drand's by default. */
  relays: string[];
  /**
   * `BEACON_LOCAL_URL`: a local test beacon in drand's HTTP API shape (the stack's `/beacon`).
   * Unset: rounds are fetched for quicknet only.
   */
  localUrl: string | null;
  /** `BEACON_SEALS_PER_CALL`: at most this many locks sealed per call (1-24, default 4). */
  sealsPerCall: number;
  /**
   * `BEACON_BUDGET_MS`: no new seal starts once the call has run this long (100-10000, default
   * 1000): hosted functions get 2 s of CPU a request, a seal about 0.1 s (0.8 s the first).
   */
  budgetMs: number;
  /** `BEACON_FETCH_TIMEOUT_MS`: per relay request (200-30000, default 3000). */
  fetchTimeoutMs: number;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function bounded(
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
  name: string,
) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}`);
  }
  return n;
}

function httpUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must hold http(s) URLs`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must hold http(s) URLs`);
  }
  return trimSlash(url.href);
}

export function readConfig(env: Record<string, string | undefined>): BeaconConfig {
  const relays = env.BEACON_RELAYS
    ? env.BEACON_RELAYS.split(',')
        .map((relay) => relay.trim())
        .filter(Boolean)
        .slice(0, 10)
        .map((relay) => httpUrl(relay, 'BEACON_RELAYS'))
    : [...QUICKNET_RELAYS];
  return {
    relays,
    localUrl: env.BEACON_LOCAL_URL ? httpUrl(env.BEACON_LOCAL_URL, 'BEACON_LOCAL_URL') : null,
    sealsPerCall: bounded(env.BEACON_SEALS_PER_CALL, 4, 1, 24, 'BEACON_SEALS_PER_CALL'),
    budgetMs: bounded(env.BEACON_BUDGET_MS, 1000, 100, 10_000, 'BEACON_BUDGET_MS'),
    fetchTimeoutMs: bounded(
      env.BEACON_FETCH_TIMEOUT_MS,
      3000,
      200,
      30_000,
      'BEACON_FETCH_TIMEOUT_MS',
    ),
  };
}
