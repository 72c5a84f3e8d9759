import type { QueryClient } from '@tanstack/react-query';

/** Every admin query key starts here, so one invalidation refreshes the whole dashboard. */
export const adminQueryKey = ['admin'] as const;

/** The signed-in user's role check (api/get-admin-role.ts). */
export const adminRoleKey = ['admin-role'] as const;

/**
 * After any change to results: refetch every dashboard list now, and mark every other cached
 * query (the public Today and History lists) stale, so a page opened next shows the change. A
 * change to results says nothing about who is an admin, so the role check is left alone.
 */
export async function refreshAfterResultChange(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== adminRoleKey[0],
  });
}
