import { createClient } from '@supabase/supabase-js';
import { config } from '@/config/env';
import type { Database } from './database.types';
import { offlineFetch } from './offline-fetch';

if (!config.supabaseAnonKey) {
  // supabase-js would throw at import and leave a blank page; say what is wrong instead and let
  // requests fail (they are logged, and the pages show their empty states).
  console.error(
    'Lotto24 has no Supabase anon key: serve the app with the local stack (npm start) ' +
      'or build it with VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY.',
  );
}

/**
 * Makes the one client (`lib/supabase.ts` calls it once). The session lives in local storage and
 * is refreshed automatically (supabase-js defaults). Public results reads are kept for offline
 * use (docs/decisions/015).
 */
export function createSupabaseClient() {
  return createClient<Database>(config.supabaseUrl, config.supabaseAnonKey || 'missing-anon-key', {
    global: { fetch: offlineFetch() },
  });
}
