import type { QueryClient } from '@tanstack/react-query';

/** Every admin query key starts here, so one invalidation refreshes the whole dashboard. */
export const adminQueryKey = ['admin'] as const;

/**
 * After any change to results: refetch every dashboard list now, and mark every other cached
 * query (the public Today and History lists) stale, so a page opened next shows the change.
 */
export async function refreshAfterResultChange(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries();
}
