import type { Session } from '@supabase/supabase-js';
import { useSessionState } from '@/hooks/use-session-state';

/**
 * The current session: undefined while it is being read from storage, then the session or null,
 * kept up to date as the user signs in or out (here or in another tab) and as tokens refresh.
 * A storage read that fails leaves the visitor signed out rather than stuck on a spinner.
 */
export function useSession(): Session | null | undefined {
  const session = useSessionState();
  return session === 'failed' ? null : session;
}
