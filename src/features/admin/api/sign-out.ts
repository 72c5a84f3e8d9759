import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

/**
 * `local` ends this browser's session; `global` ends every session of the account (a phone left
 * signed in, a password that may have leaked): their access tokens then fail the dashboard's
 * session check within half a minute (api/check-session.ts).
 */
export type SignOutScope = 'local' | 'global';

export async function signOut(scope: SignOutScope = 'local'): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signOut({ scope });
  if (error) throw error;
}

export function useSignOut() {
  return useMutation({ mutationFn: (scope?: SignOutScope) => signOut(scope) });
}
