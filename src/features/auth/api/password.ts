import { useMutation } from '@tanstack/react-query';
import { useHref } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { getSupabase } from '@/lib/supabase';

/**
 * Mails a reset link, in the page's language, that leads back to /auth in that language, where
 * the recovery session arrives in the URL (supabase-js announces it as PASSWORD_RECOVERY). The
 * auth server answers alike for unknown addresses, so this says nothing about who has an account.
 * `authHref` is the language's address (`/th/auth`): the one value a hosted mail template is
 * handed that says which language to write in (supabase/templates/recovery.html, ADR 027).
 */
export async function requestPasswordReset(email: string, authHref = paths.auth.getHref()) {
  const supabase = await getSupabase();
  const redirectTo = `${window.location.origin}${authHref}`;
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo });
  if (error) throw error;
}

/** Sets the signed-in user's password (also the recovery session's). */
export async function setNewPassword(password: string) {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}

export type RecoveryCode = { email: string; code: string; password: string };

/**
 * The mailed six-digit code instead of the link: `verifyOtp` spends it for a recovery session
 * (supabase-js announces PASSWORD_RECOVERY, as for the link), then the new password is set on
 * that session. A failure after the code was spent leaves the recovery session signed in, and the
 * page falls back to the new-password form, as after a link.
 */
export async function recoverWithCode({ email, code, password }: RecoveryCode) {
  const supabase = await getSupabase();
  const verified = await supabase.auth.verifyOtp({ email, token: code, type: 'recovery' });
  if (verified.error) throw verified.error;
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}

export function useRequestPasswordReset() {
  // The router's basename makes it the page's language address.
  const authHref = useHref(paths.auth.getHref());
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(email, authHref) });
}

export function useSetNewPassword() {
  return useMutation({ mutationFn: setNewPassword });
}

export function useRecoverWithCode() {
  return useMutation({ mutationFn: recoverWithCode });
}
