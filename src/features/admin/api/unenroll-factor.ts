import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { factorsKey } from './list-factors';

/** DELETE /factors/{id}; GoTrue asks for aal2 to remove a verified factor. */
export async function unenrollFactor(factorId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
}

export function useUnenrollFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unenrollFactor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: factorsKey }),
  });
}
