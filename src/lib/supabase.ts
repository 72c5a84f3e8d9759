import type { SupabaseClient } from '@supabase/supabase-js';
import { afterFirstPaint } from './after-first-paint';
import { reloadForFailedImport } from './chunk-loader';
import type { Database } from './database.types';
import { readStored, sessionStorageKey, wantsFullClient } from './reader-choice';
import type { Reader } from './reader-client';
import { config } from '@/config/env';

export type Client = SupabaseClient<Database>;

export type { Reader };

let client: Promise<Client> | undefined;
let reader: Promise<Reader> | undefined;

/**
 * The one full client, loaded on first use once the first frame is on screen: for sign-in, the
 * admin pages and anyone with a session. supabase-js is a third of the Today page's script, and
 * the page draws its header, heading, clock and skeleton without it: loaded earlier, its download
 * and evaluation compete with that first paint (Lighthouse, mobile: FCP 2.0 s, not 1.7 s).
 */
export function getSupabase(): Promise<Client> {
  client ??= forgottenIfFailed(
    loadAfterFirstPaint(
      () => import('./supabase-client'),
      (module) => module.createSupabaseClient(),
    ),
    () => (client = undefined),
  );
  return client;
}

/**
 * What a public page's query reads with: the full client whenever a session may exist (a
 * signed-in admin reads with their JWT, exactly as before), else the anonymous reader, a fifth
 * of supabase-js's bytes (ADR 028). Asked again on every read, so a sign-in switches to the full
 * client from the next read on.
 */
export function getReader(): Promise<Reader> {
  const full = wantsFullClient({
    fullClientLoaded: client !== undefined,
    storedSession: readStored(sessionStorageKey(config.supabaseUrl)),
    hash: globalThis.location?.hash ?? '',
    search: globalThis.location?.search ?? '',
  });
  if (full) return getSupabase();
  reader ??= forgottenIfFailed(
    loadAfterFirstPaint(
      () => import('./app-reader'),
      (module) => module.createAppReader(),
    ),
    () => (reader = undefined),
  );
  return reader;
}

/**
 * A client's download that failed (the visitor went offline while it was on its way) is not kept:
 * the next ask downloads it again, as a query's retry or the live channel does once back online.
 */
function forgottenIfFailed<C>(loading: Promise<C>, forget: () => void): Promise<C> {
  loading.catch(forget);
  return loading;
}

/**
 * A client's module, imported once the first frame is painted, in three tasks rather than one long
 * one that blocks input: the module's evaluation; creating the client (auth restores the session,
 * realtime sets up); then what waits for it (a page's reads and live channel).
 */
async function loadAfterFirstPaint<M, C>(load: () => Promise<M>, create: (module: M) => C) {
  await afterFirstPaint();
  const module = await load();
  await nextTask();
  const created = create(module);
  await nextTask();
  return created;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Subscribes once the client has loaded, unless cancelled first: for effects, whose cleanup may
 * run before the client arrives. Returns the cancel, which also undoes the subscription.
 */
export const subscribeWhenLoaded = (subscribe: (client: Client) => () => void) =>
  whenLoaded(getSupabase, subscribe);

/** subscribeWhenLoaded with the reader a public page uses (getReader). */
export const subscribeReaderWhenLoaded = (subscribe: (client: Reader) => () => void) =>
  whenLoaded(getReader, subscribe);

/** How long a subscription waits to load its client again after a download failed online. */
const RETRY_CLIENT_MS = { first: 5_000, most: 60_000 };
/**
 * Subscribes once `load` gives the client. A download that fails is tried again once the browser
 * is back online, or if it never went offline after 5 s, then twice as long each time up to a
 * minute (a server that lost the build's files answers every retry); a retry that fails online
 * reloads the page (reloadForFailedImport). Without it, a visitor who lost the connection before
 * the client arrived kept the page's first rows and no live channel until they reloaded.
 */
function whenLoaded<C>(load: () => Promise<C>, subscribe: (client: C) => () => void): () => void {
  let cancelled = false;
  let undo = () => {};
  let again: ReturnType<typeof setTimeout> | undefined;
  let wait = RETRY_CLIENT_MS.first;
  let failures = 0;
  const attempt = () => {
    load().then(
      (client) => {
        if (!cancelled) undo = subscribe(client);
      },
      () => {
        if (cancelled) return;
        failures += 1;
        if (!navigator.onLine) return window.addEventListener('online', attempt, { once: true });
        // Chromium answers that import again from the failed module graph it keeps.
        if (failures > 1 && reloadForFailedImport()) return;
        again = setTimeout(attempt, wait);
        wait = Math.min(wait * 2, RETRY_CLIENT_MS.most);
      },
    );
  };
  attempt();
  return () => {
    cancelled = true;
    clearTimeout(again);
    window.removeEventListener('online', attempt);
    undo();
  };
}
