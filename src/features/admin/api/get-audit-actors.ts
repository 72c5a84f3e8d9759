import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminQueryKey } from './query-keys';

export type AuditActor = { email: string; changes: number };

/** The e-mails the audit trail names (at most 200, sorted) with their changes, for "By". */
export async function getAuditActors(): Promise<AuditActor[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('audit_actors');
  if (error) throw error;
  return data.flatMap((row) =>
    row.actor_email ? [{ email: row.actor_email, changes: Number(row.changes) }] : [],
  );
}

export function useAuditActors() {
  return useQuery({ queryKey: [...adminQueryKey, 'audit-actors'], queryFn: getAuditActors });
}
