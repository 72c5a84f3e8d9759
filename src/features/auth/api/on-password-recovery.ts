import { subscribeWhenLoaded } from '@/lib/supabase';

/**
 * Calls `listener` when supabase-js takes a recovery session from a reset link's URL
 * (PASSWORD_RECOVERY). Returns the unsubscribe, for an effect's cleanup.
 */
export function onPasswordRecovery(listener: () => void): () => void {
  return subscribeWhenLoaded((client) => {
    const { data } = client.auth.onAuthStateChange((event) => {
      if (event === 'PASSWORD_RECOVERY') listener();
    });
    return () => data.subscription.unsubscribe();
  });
}
