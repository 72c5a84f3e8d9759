import { useEffect, useState } from 'react';
import { useSessionState } from '@/hooks/use-session-state';
import { getIsAdmin } from '../api/get-admin-role';
import { adminAccess, type AdminAccess, type RoleCheck } from './admin-access';

/**
 * Follows the session (including sign-outs in other tabs) and checks the admin role of whoever
 * holds it. Token refreshes keep the same user, so they do not re-run the check.
 */
export function useAdminAccess(): AdminAccess {
  const session = useSessionState();
  const [check, setCheck] = useState<RoleCheck | null>(null);
  const userId = session && session !== 'failed' ? session.user.id : null;

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
