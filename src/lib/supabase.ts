import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';

export type Client = SupabaseClient<Database>;

let client: Promise<Client> | undefined;

/**
 * The one client, loaded on first use: the first query after the first render. supabase-js is a
 * third of the Today page's script, and the page draws its header, clock and skeleton without it;
 * loading it earlier put its evaluation before the first paint (Lighthouse: 1.7 s later on a phone).
 */
export function getSupabase(): Promise<Client> {
  client ??= import('./supabase-client').then((module) => module.supabase);
  return client;
}
