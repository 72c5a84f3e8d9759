import { PostgrestClient } from '@supabase/postgrest-js';
import { RealtimeClient, type RealtimeClientOptions } from '@supabase/realtime-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';

/** What public pages read with: tables, functions and live channels, never auth (ADR 028). */
export type Reader = Pick<SupabaseClient<Database>, 'from' | 'rpc' | 'channel' | 'removeChannel'>;

/**
 * What supabase-js 2.109 sends as `X-Client-Info` from a browser (its DEFAULT_HEADERS): the reader
 * is supabase-js's own packages configured as supabase-js configures them, so the backend sees
 * the same requests whichever client a page uses (reader-client.test.ts compares the two).
 */
export const CLIENT_INFO = 'supabase-js/2.109.0; runtime=web';

export interface ReaderOptions {
  url: string;
  key: string;
  fetch?: typeof fetch;
  /** The WebSocket class where the runtime has none (Node 20), as supabase-js's `realtime`. */
  transport?: RealtimeClientOptions['transport'];
}

/**
 * The anonymous reader (ADR 028): supabase-js's PostgREST and Realtime clients, built the way
 * SupabaseClient's constructor builds them without a session (@supabase/supabase-js 2.109,
 * dist/index.mjs: fetchWithAuth, _initRealtimeClient): `apikey` and `Authorization: Bearer <anon
 * key>` on every request, `apikey` in the socket's parameters, the anon key as the channels'
 * access token. Auth, storage and functions are never downloaded for it.
 */
export function createReaderClient({
  url,
  key,
  fetch: baseFetch,
  transport,
}: ReaderOptions): Reader {
  const base = new URL(url.endsWith('/') ? url : `${url}/`);
  const headers = { 'X-Client-Info': CLIENT_INFO };
  const send = baseFetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const withKey: typeof fetch = (input, init) => {
    const sent = new Headers(init?.headers);
    if (!sent.has('apikey')) sent.set('apikey', key);
    if (!sent.has('Authorization')) sent.set('Authorization', `Bearer ${key}`);
    return send(input, { ...init, headers: sent });
  };
  const rest = new PostgrestClient<Database>(new URL('rest/v1', base).href, {
    headers,
    schema: 'public',
    fetch: withKey,
  });
  const socketUrl = new URL('realtime/v1', base);
  socketUrl.protocol = socketUrl.protocol.replace('http', 'ws');
  const realtime = new RealtimeClient(socketUrl.href, {
    headers,
    accessToken: () => Promise.resolve(key),
    fetch: withKey,
    params: { apikey: key },
    ...(transport ? { transport } : {}),
  });
  const reader: Reader = {
    from: rest.from.bind(rest),
    rpc: rest.rpc.bind(rest),
    channel: (name, options = { config: {} }) => realtime.channel(name, options),
    removeChannel: (channel) => realtime.removeChannel(channel),
  };
  return reader;
}
