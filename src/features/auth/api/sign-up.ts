import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { Credentials } from './sign-in';

/**
 * Creates an account. The confirmation email (when the project sends one) leads back to the admin
 * page; signing up grants no role, so a new account still meets the access check there.
 */
export async function signUp({ email, password }: Credentials) {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: `${window.location.origin}/admin` },
  });
  if (error) throw error;
  return data;
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
