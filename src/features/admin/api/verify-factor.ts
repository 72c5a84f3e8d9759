import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { factorsKey } from './list-factors';

export type FactorCode = { factorId: string; code: string };

/**
 * A fresh challenge and its code at once (challengeAndVerify): on success the session is aal2,
 * supabase-js stores the new tokens and announces MFA_CHALLENGE_VERIFIED. The first code of a
 * new factor also confirms the enrolment.
 */
export async function verifyFactor({ factorId, code }: FactorCode): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

export function useVerifyFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorsKey }),
  });
}
