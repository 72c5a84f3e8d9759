import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useSession } from './use-session';

/**
 * A session that exists already, or appears (here, by a confirmation link, or in another tab),
 * belongs on the dashboard; the dashboard itself decides whether the user may stay. Returns true
 * when the dashboard could not check this session's role and sent it here: then the page stays on
 * the form (redirecting would loop) until the user signs in afresh. `paused` holds the redirect
 * while a recovery session chooses its new password.
 */
export function useSignedInRedirect({ paused = false } = {}): { checkFailed: boolean } {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [checkFailed] = useState(
    () => (location.state as { accessCheckFailed?: boolean } | null)?.accessCheckFailed === true,
  );

  useEffect(() => {
    if (session && !checkFailed && !paused) void navigate(paths.admin.getHref(), { replace: true });
  }, [session, checkFailed, paused, navigate]);

  return { checkFailed };
}
