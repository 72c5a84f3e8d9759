import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSupabase } from '@/lib/supabase';

/** How often an open dashboard asks whether its session still exists. */
const CHECK_EVERY_MS = 30_000;

/**
 * Asks the auth server whether this session still exists. A sign-out elsewhere (another device,
 * "sign out everywhere", a revoked refresh token) leaves this tab's access token valid for up to
 * an hour, so without asking the dashboard would go on as if signed in. supabase-js answers a
 * `session_not_found` by removing the session and announcing SIGNED_OUT, which the dashboard
 * follows to /auth; a network failure is not a sign-out and changes nothing.
 */
export async function checkSession(): Promise<void> {
  const supabase = await getSupabase();
  await supabase.auth.getUser();
}

/**
 * Checks when the admin comes back to the tab, after any action fails, and every half minute
 * while the tab is in view.
 */
export function useSessionCheck(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const check = () => void checkSession().catch(() => undefined);
    const checkIfVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = setInterval(checkIfVisible, CHECK_EVERY_MS);
    document.addEventListener('visibilitychange', checkIfVisible);
    window.addEventListener('focus', checkIfVisible);
    const unsubscribe = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check();
    });
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', checkIfVisible);
      window.removeEventListener('focus', checkIfVisible);
      unsubscribe();
    };
  }, [enabled, queryClient]);
}
