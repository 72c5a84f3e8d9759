import type { Session } from '@supabase/supabase-js';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

export type AssuranceLevel = 'aal1' | 'aal2';

/** auth-js types a level as any string (for levels to come): only these two are known. */
const level = (value: string | null): AssuranceLevel | null =>
  value === 'aal1' || value === 'aal2' ? value : null;

/**
 * Where the session stands (`current`) and where it could go (`next`: aal2 once the user has a
 * verified factor). supabase-js reads both from the stored session, without a request.
 */
export type Assurance = { current: AssuranceLevel | null; next: AssuranceLevel | null };

export async function getAssurance(): Promise<Assurance> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return { current: level(data.currentLevel), next: level(data.nextLevel) };
}

/**
 * Keyed by the access token's tail (its signature), so a verified code, which swaps the token,
 * is read at once; cheap enough to read again on every refresh.
 */
export function useAssurance(session: Session | null) {
  const token = session?.access_token.slice(-24) ?? '';
  return useQuery({
    queryKey: ['admin-assurance', token],
    queryFn: getAssurance,
    enabled: session !== null,
    // The level read for the last token stands while the new one's is read: a refresh must not
    // blank the dashboard.
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 0,
  });
}
