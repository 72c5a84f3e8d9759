import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import {
  BY_SYSTEM,
  CHANGES_PAGE_SIZE,
  changesInstants,
  type ChangesFilter,
} from '../utils/changes-filter';
import type { AuditEntry } from '../utils/describe-change';
import { adminQueryKey } from './query-keys';

export type AuditPage = {
  entries: AuditEntry[];
  /** The `before` of the next (older) page, or undefined on the last page. */
  next?: number;
};

/**
 * One page of `audit_trail`, newest first by id: keyset paging (`id < before`), so page 200 costs
 * what page 1 does and a change made meanwhile never shifts a row onto two pages. One row more
 * than the page is asked for, to know whether an older page exists without counting the log.
 * Row-level security limits the trail to admins (migration 20250601001200).
 */
export async function getAuditTrail(filter: ChangesFilter, timeZone: string): Promise<AuditPage> {
  const supabase = await getSupabase();
  const { start, end } = changesInstants(filter, timeZone);
  let query = supabase
    .from('audit_trail')
    .select('*')
    .order('id', { ascending: false })
    .limit(CHANGES_PAGE_SIZE + 1);
  if (start) query = query.gte('at', start);
  if (end) query = query.lt('at', end);
  if (filter.by === BY_SYSTEM) query = query.is('actor_email', null);
  else if (filter.by) query = query.eq('actor_email', filter.by);
  if (filter.before !== undefined) query = query.lt('id', filter.before);
  const { data, error } = await query;
  if (error) throw error;
  const entries = data.slice(0, CHANGES_PAGE_SIZE);
  const last = entries.at(-1)?.id;
  return {
    entries,
    next: data.length > CHANGES_PAGE_SIZE && last != null ? last : undefined,
  };
}

export function auditTrailQueryOptions(filter: ChangesFilter, timeZone: string) {
  return queryOptions({
    // Under adminQueryKey: the dashboard's live channel refreshes it after each result change.
    queryKey: [...adminQueryKey, 'audit-trail', timeZone, filter] as const,
    queryFn: () => getAuditTrail(filter, timeZone),
    placeholderData: keepPreviousData,
  });
}

export function useAuditTrail(
  filter: ChangesFilter,
  timeZone: string,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    ...auditTrailQueryOptions(filter, timeZone),
    enabled: options.enabled ?? true,
  });
}
