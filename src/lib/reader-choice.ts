// Pure and import-free: which client a public page reads with (ADR 028).

/**
 * supabase-js's default storage key for the session (`sb-<first label of the host>-auth-token`,
 * SupabaseClient's constructor in @supabase/supabase-js 2.109's dist/index.mjs).
 */
export function sessionStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

export interface ReaderSituation {
  /** Whether the full supabase-js client has been asked for in this page already. */
  fullClientLoaded: boolean;
  /** What supabase-js keeps under its storage key (null: no session). */
  storedSession: string | null;
  /** location.hash and location.search: an auth redirect supabase-js must read. */
  hash: string;
  search: string;
}

// The parameters supabase-js's detectSessionInUrl acts on, in the hash or the query (auth-js
// GoTrueClient._isImplicitGrantCallback and _isPKCECallback): a sign-in or recovery link that
// lands on a public page must still reach auth.
const AUTH_PARAMS = ['access_token', 'error', 'error_description', 'error_code', 'code'];

function hasAuthParams(hash: string, search: string): boolean {
  const params = [new URLSearchParams(hash.replace(/^#/, '')), new URLSearchParams(search)];
  return params.some((list) => AUTH_PARAMS.some((name) => list.has(name)));
}

/**
 * The full client (auth with it) whenever a session may exist: stored, arriving in the address, or
 * already loaded (a signed-in admin back on a public page reads with their JWT, as before).
 * Otherwise the anonymous reader: PostgREST and Realtime only.
 */
export function wantsFullClient(situation: ReaderSituation): boolean {
  return (
    situation.fullClientLoaded ||
    situation.storedSession !== null ||
    hasAuthParams(situation.hash, situation.search)
  );
}

/** localStorage may be unavailable (blocked storage): supabase-js then keeps no session either. */
export function readStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
