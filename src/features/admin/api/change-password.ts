import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

/** PUT /auth/v1/user: this session stays signed in, the account's other sessions end. */
export async function changePassword(password: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
