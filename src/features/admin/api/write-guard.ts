import { getSupabase } from '@/lib/supabase';

/**
 * A write the database refused because the session lacks the second factor. With MFA demanded
 * (the lottery setting, on by default) restrictive policies refuse an aal1 admin: an insert
 * fails with 42501, while an update or delete just matches no row (PostgreSQL filters rows a
 * policy hides), which PostgREST reports as success. Named with GoTrue's code for the same case.
 */
export class SecondFactorNeeded extends Error {
  readonly code = 'insufficient_aal';
  constructor() {
    super('Confirm with your authenticator code to change results');
    this.name = 'SecondFactorNeeded';
  }
}

/**
 * Called when a write was refused or changed nothing: if the session is at aal1, that is why.
 * Otherwise it returns and the caller reports what it would have reported anyway.
 */
export async function explainIfBelowAal2(): Promise<void> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (data?.currentLevel === 'aal1') throw new SecondFactorNeeded();
}
