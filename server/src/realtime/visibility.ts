import type pg from 'pg';
import { asRole } from '../db/as-role.ts';
import { primaryKeyOf, type Row, type TableShape } from '../lib/phoenix/postgres-changes.ts';

/** Who a subscriber is to PostgreSQL: its JWT's role and claims. */
export interface Identity {
  role: string;
  claims: Record<string, unknown>;
  /** Equal for equal role and claims: the unit of the row-level security check. */
  key: string;
}

export function identityOf(claims: Record<string, unknown>): Identity {
  const role = String(claims.role);
  return { role, claims, key: `${role}\u0000${JSON.stringify(claims)}` };
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Which of these rows the identity may select now, under its role and claims, as realtime's
 * apply_rls checks each change (`select exists(… where pk = …)` as the subscriber). One query
 * for every row of a batch: the keys travel as JSON and `jsonb_populate_recordset` types them
 * with the table's own row type, so no type name is spelled into the SQL. A role that may not
 * run the query (no such role, no grant) sees nothing.
 */
export async function visibleRows(
  pool: pg.Pool,
  identity: Identity,
  shape: TableShape,
  rows: readonly Row[],
): Promise<boolean[]> {
  const key = primaryKeyOf(shape);
  const relation = `${quote(shape.schema)}.${quote(shape.table)}`;
  const keys = rows.map((row) => Object.fromEntries(key.map((name) => [name, row[name] ?? null])));
  const match = key.map((name) => `t.${quote(name)} = k.${quote(name)}`).join(' and ');
  // `ordinality` numbers the keys; a table column of that name would shadow it (none here).
  const sql = `select (k."ordinality" - 1)::int as "i"
    from jsonb_populate_recordset(null::${relation}, $1::jsonb) with ordinality as k
    where exists (select 1 from ${relation} as t where ${match})`;
  const visible = rows.map(() => false);
  try {
    const result = await asRole(pool, { role: identity.role, claims: identity.claims }, (client) =>
      client.query<{ i: number }>(sql, [JSON.stringify(keys)]),
    );
    for (const { i } of result.rows) visible[i] = true;
  } catch {
    // Unknown role, missing grant, dropped table: nothing is visible, as in realtime.
  }
  return visible;
}
