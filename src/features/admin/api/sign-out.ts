import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

export async function signOut(): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signOut();
  if (error) throw error;
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
