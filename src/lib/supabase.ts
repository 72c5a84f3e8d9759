import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';

export type Client = SupabaseClient<Database>;

let client: Promise<Client> | undefined;

/**
 * The one client, loaded on first use. supabase-js is a third of the Today page's script, and the
 * page can draw its header, clock and skeleton without it, so it arrives as its own chunk while
 * React renders (main.tsx starts the download before the first render).
 */
export function getSupabase(): Promise<Client> {
  client ??= import('./supabase-client').then((module) => module.supabase);
  return client;
}
