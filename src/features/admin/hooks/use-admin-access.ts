import type { Session } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { getIsAdmin } from '../api/get-admin-role';
import { getSession, onSessionChange } from '../api/get-session';
import { adminAccess, type AdminAccess, type RoleCheck } from './admin-access';

/**
 * Follows the session (including sign-outs in other tabs) and checks the admin role of whoever
 * holds it. Token refreshes keep the same user, so they do not re-run the check.
 */
export function useAdminAccess(): AdminAccess {
  const [session, setSession] = useState<Session | null | undefined | 'failed'>(undefined);
  const [check, setCheck] = useState<RoleCheck | null>(null);
  const userId = session && session !== 'failed' ? session.user.id : null;

  useEffect(() => {
    let active = true;
    // supabase-js warns against awaiting its own calls inside this listener: only store state.
    const unsubscribe = onSessionChange((next) => {
      if (active) setSession(next);
    });
    getSession().then(
      (stored) => {
        if (active) setSession((current) => (current === undefined ? stored : current));
      },
      () => {
        if (active) setSession((current) => current ?? 'failed');
      },
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    getIsAdmin(userId).then(
      (isAdmin) => {
        if (active) setCheck({ userId, outcome: isAdmin ? 'admin' : 'not-admin' });
      },
      () => {
        if (active) setCheck({ userId, outcome: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [userId]);

  return adminAccess(session, check);
}
