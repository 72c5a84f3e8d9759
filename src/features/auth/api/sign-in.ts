import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export type Credentials = { email: string; password: string };

export async function signIn({ email, password }: Credentials) {
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return data;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
