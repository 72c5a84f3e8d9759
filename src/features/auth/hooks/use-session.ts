import type { Session } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { getSession, onSessionChange } from '../api/get-session';

/**
 * The current session: undefined while it is being read from storage, then the session or null,
 * kept up to date as the user signs in or out (here or in another tab) and as tokens refresh.
 */
export function useSession(): Session | null | undefined {
  const [session, setSession] = useState<Session | null | undefined>(undefined);

  useEffect(() => {
    let active = true;
    const unsubscribe = onSessionChange((next) => {
      if (active) setSession(next);
    });
    // An event may have arrived first; it is newer than the stored value, so keep it. A storage
    // read that fails leaves the visitor signed out rather than stuck on a spinner.
    getSession().then(
      (stored) => {
        if (active) setSession((current) => (current === undefined ? stored : current));
      },
      () => {
        if (active) setSession((current) => current ?? null);
      },
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  return session;
}
