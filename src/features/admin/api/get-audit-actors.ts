import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminQueryKey } from './query-keys';

/** The e-mails the audit trail names (at most 200, sorted), for the "By" filter. */
export async function getAuditActors(): Promise<string[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('audit_actors');
  if (error) throw error;
  return data.flatMap((row) => (row.actor_email ? [row.actor_email] : []));
}

export function useAuditActors() {
  return useQuery({ queryKey: [...adminQueryKey, 'audit-actors'], queryFn: getAuditActors });
}
