import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useSessionState } from '@/hooks/use-session-state';
import { useSessionCheck } from '../api/check-session';
import { useIsAdmin } from '../api/get-admin-role';
import { toastAccessDenied } from '../components/access-denied-toast';
import { adminAccess, type AdminAccess, type RoleCheck } from './admin-access';

/**
 * The admin page's access state machine. Follows the session (including sign-outs in other tabs),
 * checks the admin role of whoever holds it (token refreshes keep the same user, so they do not
 * re-run the check), and acts on the outcome: no session goes to sign in, a non-admin is told
 * "Access Denied" (the page then explains why and offers Sign out), and a granted session is
 * checked for revocation while it stays.
 */
export function useAdminAccess(): AdminAccess {
  const navigate = useNavigate();
  const session = useSessionState();
  const userId = session && session !== 'failed' ? session.user.id : null;
  const role = useIsAdmin(userId);
  const access = adminAccess(session, roleCheck(userId, role));
  useSessionCheck(access.status === 'granted');

  // A sign-out (here or in another tab) also lands on no-session.
  useEffect(() => {
    if (access.status === 'no-session') {
      void navigate(paths.auth.getHref(), { replace: true });
    } else if (access.status === 'failed') {
      // The session still exists, and /auth sends existing sessions here: tell it not to, or a
      // check that keeps failing would bounce between the two pages forever.
      void navigate(paths.auth.getHref(), { replace: true, state: { accessCheckFailed: true } });
    } else if (access.status === 'denied') {
      // The page stays: sent home, the account's only way to sign out was a toast that fades.
      toastAccessDenied();
    }
  }, [access.status, navigate]);

  return access;
}

function roleCheck(
  userId: string | null,
  role: { data: boolean | undefined; isError: boolean },
): RoleCheck | null {
  if (!userId) return null;
  if (role.data !== undefined) return { userId, outcome: role.data ? 'admin' : 'not-admin' };
  return role.isError ? { userId, outcome: 'failed' } : null;
}
