import type { Session } from '@supabase/supabase-js';

/** Where the admin page stands: the product's access state machine. */
export type AdminAccess =
  | { status: 'checking' }
  | { status: 'no-session' }
  | { status: 'denied'; email: string }
  | { status: 'failed' }
  | { status: 'granted'; email: string };

/** The outcome of the role check for one user. */
export type RoleCheck = { userId: string; outcome: 'admin' | 'not-admin' | 'failed' };

/**
 * Derives the state from the session (undefined while it is read, or 'failed' when reading it
 * threw) and the latest role check. A check that belongs to another user (one who signed out
 * in another tab while it ran) does not count.
 */
export function adminAccess(
  session: Session | null | undefined | 'failed',
  check: RoleCheck | null,
): AdminAccess {
  if (session === undefined) return { status: 'checking' };
  if (session === 'failed') return { status: 'failed' };
  if (session === null) return { status: 'no-session' };
  if (!check || check.userId !== session.user.id) return { status: 'checking' };
  if (check.outcome === 'failed') return { status: 'failed' };
  if (check.outcome === 'not-admin') return { status: 'denied', email: session.user.email ?? '' };
  return { status: 'granted', email: session.user.email ?? '' };
}
