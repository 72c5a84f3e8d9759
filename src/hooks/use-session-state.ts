import type { Session } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { getSession, onSessionChange } from '@/lib/session';

/** undefined while the session is read from storage, 'failed' if that read failed. */
export type SessionState = Session | null | undefined | 'failed';

/**
 * The current session, kept up to date as the user signs in or out (here or in another tab) and
 * as tokens refresh.
 */
export function useSessionState(): SessionState {
  const [session, setSession] = useState<SessionState>(undefined);

  useEffect(() => {
    let active = true;
    // supabase-js warns against awaiting its own calls inside this listener: only store state.
    const unsubscribe = onSessionChange((next) => {
      if (active) setSession(next);
    });
    // An event may have arrived first; it is newer than the stored value, so keep it.
    getSession().then(
      (stored) => {
        if (active) setSession((current) => (current === undefined ? stored : current));
      },
      () => {
        if (active) setSession((current) => current ?? 'failed');
      },
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  return session;
}
