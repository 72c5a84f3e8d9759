import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { getSupabase, subscribeWhenLoaded } from './supabase';

// Shared by the auth and admin features (which do not import each other): the one file outside
// src/features/*/api that may use the Supabase client (see eslint.config.js).

/** The stored session (supabase-js refreshes it first when it has expired), or null. */
export async function getSession(): Promise<Session | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (error) throw error;
  return data.session;
}

/** Calls `listener` on every sign-in, sign-out and token refresh; returns the unsubscribe. */
export function onSessionChange(
  listener: (session: Session | null, event: AuthChangeEvent) => void,
): () => void {
  return subscribeWhenLoaded((supabase) => {
    const { data } = supabase.auth.onAuthStateChange((event, session) => listener(session, event));
    return () => data.subscription.unsubscribe();
  });
}
