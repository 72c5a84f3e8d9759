import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

export const factorsKey = ['admin-factors'] as const;

export type Factor = { id: string; name: string; createdAt: string };

/** The account's verified authenticator apps (GET /user, so a removal elsewhere shows). */
export async function listFactors(): Promise<Factor[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.totp.map((factor) => ({
    id: factor.id,
    name: factor.friendly_name ?? '',
    createdAt: factor.created_at,
  }));
}

export function useFactors(enabled = true) {
  return useQuery({ queryKey: factorsKey, queryFn: listFactors, enabled });
}
