import type pg from 'pg';
import type { TableShape } from '../lib/phoenix/postgres-changes.ts';

/** A published table as one batch of changes sees it, for the roles subscribed to it. */
export interface TableView {
  shape: TableShape;
  /** Per role: the columns it may select (column privileges, as realtime's has_column_privilege). */
  readable: Map<string, Set<string>>;
  /** Roles that skip row-level security (service_role, superusers): no per-row check needed. */
  bypassRls: Set<string>;
}

interface ShapeRow {
  rls: boolean;
  columns: Array<{
    name: string;
    type: string;
    primaryKey: boolean;
    identity: boolean;
    readableBy: string[];
  }>;
  bypass: string[];
}

/**
 * One catalog query per table per batch: columns in attribute order with their type names, the
 * primary key, the replica identity (which old columns logical decoding would carry) and each
 * subscribed role's column privileges. Read fresh per batch, so grants and ALTER TABLE apply to
 * the next change without a cache to invalidate.
 */
const SHAPE_SQL = `
select c."relrowsecurity" as "rls",
  coalesce((
    select json_agg(json_build_object(
      'name', a."attname",
      'type', t."typname",
      'primaryKey', coalesce(a."attnum" = any(pk."indkey"::int2[]), false),
      'identity', case c."relreplident"
        when 'f' then true
        when 'd' then coalesce(a."attnum" = any(pk."indkey"::int2[]), false)
        when 'i' then coalesce(a."attnum" = any(ri."indkey"::int2[]), false)
        else false end,
      'readableBy', (
        select coalesce(json_agg(r."rolname"), '[]'::json) from pg_catalog.pg_roles r
        where r."rolname" = any($3::text[])
          and pg_catalog.has_column_privilege(r."oid", c."oid", a."attnum", 'SELECT'))
    ) order by a."attnum")
    from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t."oid" = a."atttypid"
    where a."attrelid" = c."oid" and a."attnum" > 0 and not a."attisdropped"
  ), '[]'::json) as "columns",
  (select coalesce(json_agg(r."rolname"), '[]'::json) from pg_catalog.pg_roles r
    where r."rolname" = any($3::text[]) and (r."rolbypassrls" or r."rolsuper")) as "bypass"
from pg_catalog.pg_class c
join pg_catalog.pg_namespace n on n."oid" = c."relnamespace"
left join pg_catalog.pg_index pk on pk."indrelid" = c."oid" and pk."indisprimary"
left join pg_catalog.pg_index ri on ri."indrelid" = c."oid" and ri."indisreplident"
where n."nspname" = $1 and c."relname" = $2`;

/** The table's view for these roles, or null when the table is gone. */
export async function loadTableView(
  pool: pg.Pool,
  schema: string,
  table: string,
  roles: readonly string[],
): Promise<TableView | null> {
  const { rows } = await pool.query<ShapeRow>(SHAPE_SQL, [schema, table, roles]);
  const row = rows[0];
  if (!row) return null;
  const readable = new Map(roles.map((role) => [role, new Set<string>()]));
  for (const column of row.columns) {
    for (const role of column.readableBy) readable.get(role)?.add(column.name);
  }
  return {
    shape: {
      schema,
      table,
      rls: row.rls,
      columns: row.columns.map(({ name, type, primaryKey, identity }) => ({
        name,
        type,
        primaryKey,
        identity,
      })),
    },
    readable,
    bypassRls: new Set(row.bypass),
  };
}
