import type pg from 'pg';

// What the audit trigger (result_audit_log) must agree with after concurrent writes.

export interface AuditEntry {
  id: string;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  result_id: string;
  old_row: Record<string, unknown> | null;
  new_row: Record<string, unknown> | null;
  actor_id: string | null;
  actor_email: string | null;
}

export async function auditSince(pool: pg.Pool, afterId: string): Promise<AuditEntry[]> {
  const { rows } = await pool.query<AuditEntry>(
    // Ordered by the bigint column (the alias `a`): `order by id` would sort the text output.
    `select a.id::text, a.action, a.result_id::text, a.old_row, a.new_row, a.actor_id::text, a.actor_email
       from public.result_audit_log a where a.id > $1::bigint order by a.id`,
    [afterId],
  );
  return rows;
}

export async function lastAuditId(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    'select coalesce(max(id), 0)::text as id from public.result_audit_log',
  );
  return rows[0]!.id;
}

/**
 * Problems with the table against its whole audit history: each id has exactly one INSERT
 * first, nothing after a DELETE, each entry's old_row is the previous entry's new_row, a live row
 * equals its last new_row, and an id is live exactly when its history does not end in DELETE.
 */
export async function auditProblems(pool: pg.Pool): Promise<string[]> {
  const problems: string[] = [];
  const history = new Map<string, AuditEntry[]>();
  for (const entry of await auditSince(pool, '0')) {
    history.set(entry.result_id, [...(history.get(entry.result_id) ?? []), entry]);
  }
  const { rows } = await pool.query<{ id: string; row: Record<string, unknown> }>(
    'select id::text, to_jsonb(r) as row from public.lottery_results r',
  );
  const live = new Map(rows.map((r) => [r.id, r.row]));
  for (const [id, entries] of history) {
    const actions = entries.map((e) => e.action).join(',');
    if (!/^INSERT(,UPDATE)*(,DELETE)?$/.test(actions)) problems.push(`${id}: history ${actions}`);
    for (let i = 1; i < entries.length; i++) {
      if (JSON.stringify(entries[i]!.old_row) !== JSON.stringify(entries[i - 1]!.new_row))
        problems.push(`${id}: entry ${entries[i]!.id} old_row is not the previous new_row`);
    }
    const last = entries.at(-1)!;
    const row = live.get(id);
    if (last.action === 'DELETE' && row)
      problems.push(`${id}: deleted in the log, still in the table`);
    if (last.action !== 'DELETE' && !row)
      problems.push(`${id}: gone from the table, no DELETE logged`);
    if (row && JSON.stringify(row) !== JSON.stringify(last.new_row))
      problems.push(`${id}: row differs from its last audit new_row`);
  }
  for (const id of live.keys())
    if (!history.has(id)) problems.push(`${id}: row without audit history`);
  return problems;
}

/** Duplicate draws or rows breaking a rule the constraints state (which must be impossible). */
export async function integrityProblems(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ problem: string }>(
    `select format('duplicate %s %s', draw_date, draw_hour) as problem
       from public.lottery_results group by draw_date, draw_hour having count(*) > 1
     union all
     select format('bad row %s', id) from public.lottery_results
      where draw_hour not between 0 and 23
         or draw_time <> to_char(draw_hour, 'FM00') || ':30:00'
         or first_prize !~ '^[0-9]{4}$'`,
  );
  return rows.map((r) => r.problem);
}
