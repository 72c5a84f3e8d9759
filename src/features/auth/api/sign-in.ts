import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

export type Credentials = { email: string; password: string };

export async function signIn({ email, password }: Credentials) {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return data;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
