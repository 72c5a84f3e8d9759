import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';

export type Client = SupabaseClient<Database>;

let client: Promise<Client> | undefined;

/**
 * The one client, loaded on first use: the first query after the first render. supabase-js is a
 * third of the Today page's script, and the page draws its header, clock and skeleton without it;
 * loading it earlier put its evaluation before the first paint (Lighthouse, mobile: 2.0 s, not 1.7 s).
 */
export function getSupabase(): Promise<Client> {
  client ??= import('./supabase-client').then((module) => module.supabase);
  return client;
}

/**
 * Subscribes once the client has loaded, unless cancelled first: for effects, whose cleanup may
 * run before the client arrives. Returns the cancel, which also undoes the subscription.
 */
export function subscribeWhenLoaded(subscribe: (client: Client) => () => void): () => void {
  let cancelled = false;
  let undo = () => {};
  void getSupabase().then((client) => {
    if (!cancelled) undo = subscribe(client);
  });
  return () => {
    cancelled = true;
    undo();
  };
}
