import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminRoleKey } from './query-keys';

/**
 * Whether the user holds the admin role. The spec asks for a single row; PostgREST answers
 * PGRST116 when there is none, which means "not an admin", not a failure. Any other error is
 * thrown so the caller can treat it as an unexpected failure of the check.
 */
export async function getIsAdmin(userId: string): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('user_roles')
    .select('role')
    .eq('user_id', userId)
    .eq('role', 'admin')
    .single();
  if (error?.code === 'PGRST116') return false;
  if (error) throw error;
  return data.role === 'admin';
}

export function adminRoleQueryOptions(userId: string) {
  return queryOptions({
    // Keyed by user: a check that belongs to someone who signed out meanwhile never answers for
    // whoever signed in next.
    queryKey: [...adminRoleKey, userId],
    queryFn: () => getIsAdmin(userId),
    // A failed check is reported at once (the page sends the visitor to sign in again) rather
    // than retried behind a spinner.
    retry: false,
    // Asked afresh each time the dashboard opens: a role revoked since the last visit must not
    // let the dashboard show, even for a moment, from the cache.
    gcTime: 0,
  });
}

/** The role check of the signed-in user; idle while there is none (`userId` null). */
export function useIsAdmin(userId: string | null) {
  return useQuery({ ...adminRoleQueryOptions(userId ?? ''), enabled: userId !== null });
}
