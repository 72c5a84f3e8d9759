import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { getSupabase } from '@/lib/supabase';

/**
 * Mails a reset link that leads back to /auth, where the recovery session arrives in the URL
 * (supabase-js announces it as PASSWORD_RECOVERY). The auth server answers alike for unknown
 * addresses, so this says nothing about who has an account.
 */
export async function requestPasswordReset(email: string) {
  const supabase = await getSupabase();
  const redirectTo = `${window.location.origin}${paths.auth.getHref()}`;
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo });
  if (error) throw error;
}

/** Sets the signed-in user's password (also the recovery session's). */
export async function setNewPassword(password: string) {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useSetNewPassword() {
  return useMutation({ mutationFn: setNewPassword });
}
