import { config } from '@/config/env';
import { offlineFetch } from './offline-fetch';
import { createReaderClient } from './reader-client';

/**
 * The app's anonymous reader (`lib/supabase.ts` loads it after the first paint): this deployment's
 * URL and anon key, and the same offline-keeping fetch as the full client (docs/decisions/015).
 */
export const createAppReader = () =>
  createReaderClient({
    url: config.supabaseUrl,
    key: config.supabaseAnonKey || 'missing-anon-key',
    fetch: offlineFetch(),
  });
