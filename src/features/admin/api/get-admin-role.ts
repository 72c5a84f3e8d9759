import { getSupabase } from '@/lib/supabase';

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
