import { useEffect, useState } from 'react';
import { onPasswordRecovery } from '../api/on-password-recovery';

export type RecoveryLanding = {
  /** The visitor came from a valid reset link: they choose a new password before anything else. */
  recovering: boolean;
  /** The link was spent, expired or tampered with (the auth server's words). */
  linkError: string | null;
};

function fragment(): URLSearchParams {
  return new URLSearchParams(window.location.hash.replace(/^#/, ''));
}

/**
 * What a reset link brought to /auth. Read from the URL fragment at once (supabase-js clears it
 * once it has taken the session), and confirmed by supabase-js's PASSWORD_RECOVERY event.
 */
export function useRecoveryLanding(): RecoveryLanding & { done: () => void } {
  const [state, setState] = useState<RecoveryLanding>(() => {
    const params = fragment();
    const error = params.get('error_description');
    return { recovering: params.get('type') === 'recovery' && !error, linkError: error };
  });

  useEffect(() => onPasswordRecovery(() => setState({ recovering: true, linkError: null })), []);

  return { ...state, done: () => setState({ recovering: false, linkError: null }) };
}
