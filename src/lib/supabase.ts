import type { SupabaseClient } from '@supabase/supabase-js';
import { afterFirstPaint } from './after-first-paint';
import type { Database } from './database.types';

export type Client = SupabaseClient<Database>;

let client: Promise<Client> | undefined;

/**
 * The one client, loaded on first use (the first query) once the first frame is on screen.
 * supabase-js is a third of the Today page's script, and the page draws its header, heading, clock
 * and skeleton without it: loaded earlier, its download and evaluation compete with that first
 * paint (Lighthouse, mobile: FCP 2.0 s, not 1.7 s; LCP counted it whenever it came before the paint).
 */
export function getSupabase(): Promise<Client> {
  client ??= afterFirstPaint()
    .then(() => import('./supabase-client'))
    // Creating the client (auth restores the session, realtime sets up) in a task of its own
    // after the module's evaluation: two short tasks instead of one long one that blocks input.
    .then((module) => nextTask().then(() => module.createSupabaseClient()));
  return client;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

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
