/**
 * What PostgREST's schema cache (src/PostgREST/SchemaCache.hs) knows about the exposed schema,
 * reduced to what this stack uses: relations with their columns and primary keys, functions with
 * their input parameters and return shape, and the roles a JWT may name.
 */
export interface Column {
  name: string;
  /** `format_type()` of the column: SQL text from the catalog, safe to inline as a type. */
  type: string;
  nullable: boolean;
  /** `pg_get_expr()` of the default, used for `Prefer: missing=default`. */
  default: string | null;
}

export interface Table {
  name: string;
  kind: 'table' | 'view' | 'materialized view' | 'foreign table' | 'partitioned table';
  columns: Column[];
  columnsByName: Map<string, Column>;
  primaryKey: string[];
  /** Columns that lead an index: an equality on one finds few rows fast. */
  indexed: Set<string>;
}

export interface FunctionParam {
  /** Empty for an unnamed parameter. */
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface Routine {
  name: string;
  params: FunctionParam[];
  returnType: string;
  returnsSet: boolean;
  /** Returns rows with columns (a table type, a composite, OUT/TABLE parameters). */
  returnsComposite: boolean;
  returnsVoid: boolean;
  volatility: 'immutable' | 'stable' | 'volatile';
  /** `comment on function`: PostgREST orders overloads by it (PGRST203's candidates). */
  description?: string | null;
  /**
   * `pg_proc.procost`, the function's own `COST` (100 for SQL and PL/pgSQL by default): a call
   * of a function declared costlier than plan/lane.ts COSTLY_FUNCTION waits in the costly lane.
   */
  cost: number;
}

export interface SchemaCache {
  schema: string;
  tables: Map<string, Table>;
  functions: Map<string, Routine[]>;
  /** Roles the API may switch to: members of `authenticator`, as on Supabase. */
  roles: Set<string>;
  /** Every role of the server, to tell a role that does not exist (401) from a forbidden one. */
  allRoles: Set<string>;
  /**
   * `ALTER ROLE … SET name = value` of the API roles (statement_timeout above all), read once as
   * PostgREST's queryRoleSettings (Config/Database.hs) does and applied per request with
   * set_config(…, true): SET ROLE alone never applies a role's settings.
   */
  roleSettings: Map<string, Array<[string, string]>>;
  /** Every foreign key between two relations of the schema, in both directions (embed/relationships.ts). */
  relationships: ForeignKey[];
}

/** One foreign key constraint: `table(columns)` references `foreignTable(foreignColumns)`. */
export interface ForeignKey {
  name: string;
  table: string;
  foreignTable: string;
  columns: string[];
  foreignColumns: string[];
  /** The referencing columns are unique: one-to-one rather than many-to-one. */
  unique: boolean;
}

/**
 * Foreign keys between two relations of the schema, as PostgREST's allM2OandO2ORels: columns in
 * key order, and whether the referencing columns are also a primary key or unique constraint
 * (then each side has at most one row of the other: one-to-one).
 */
const RELATIONSHIPS_SQL = `(select coalesce(json_agg(r order by r."table", r.name), '[]') from (
    select con.conname as name, c.relname as "table", fc.relname as "foreignTable",
      (select json_agg(a.attname order by k.n) from unnest(con.conkey) with ordinality k(attnum, n)
        join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
      (select json_agg(a.attname order by k.n) from unnest(con.confkey) with ordinality k(attnum, n)
        join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as "foreignColumns",
      exists (select 1 from pg_catalog.pg_constraint u
        where u.conrelid = con.conrelid and u.contype in ('p', 'u')
          and u.conkey::int2[] @> con.conkey::int2[] and con.conkey::int2[] @> u.conkey::int2[]) as "unique"
    from pg_catalog.pg_constraint con
    join pg_catalog.pg_class c on c.oid = con.conrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_class fc on fc.oid = con.confrelid
    join pg_catalog.pg_namespace fn on fn.oid = fc.relnamespace
    where con.contype = 'f' and n.nspname = $1 and fn.nspname = $1) r)`;

/** One round trip: everything as one JSON document, so loading costs a single query. */
export const SCHEMA_CACHE_SQL = `
select json_build_object(
  'tables', (select coalesce(json_agg(t), '[]') from (
    select c.relname as name, c.relkind as kind,
      (select coalesce(json_agg(json_build_object(
          'name', a.attname, 'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
          'nullable', not a.attnotnull, 'default', case
            when a.attidentity = 'd' then pg_catalog.format('pg_catalog.nextval(%L)',
              pg_catalog.pg_get_serial_sequence(pg_catalog.format('%I.%I', n.nspname, c.relname), a.attname))
            when a.attgenerated = 's' then null
            when t.typbasetype <> 0 and d.adbin is null then pg_catalog.pg_get_expr(t.typdefaultbin, 0)
            else pg_catalog.pg_get_expr(d.adbin, d.adrelid) end) order by a.attnum), '[]')
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_type t on t.oid = a.atttypid
        left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
      (select coalesce(json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum)), '[]')
        from pg_catalog.pg_index i
        join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
        where i.indrelid = c.oid and i.indisprimary) as "primaryKey",
      (select coalesce(json_agg(distinct a.attname), '[]')
        from pg_catalog.pg_index i
        join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
        where i.indrelid = c.oid and i.indisvalid) as indexed
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')) t),
  'functions', (select coalesce(json_agg(f), '[]') from (
    select p.proname as name, p.pronargdefaults as "defaults", p.proretset as "returnsSet",
      p.procost as cost,
      pg_catalog.obj_description(p.oid, 'pg_proc') as description,
      pg_catalog.format_type(p.prorettype, null) as "returnType", p.provolatile as volatility,
      p.prorettype = 'pg_catalog.void'::pg_catalog.regtype as "returnsVoid",
      (rt.typtype = 'c' or (p.prorettype = 'pg_catalog.record'::pg_catalog.regtype
        and coalesce('o' = any(p.proargmodes) or 't' = any(p.proargmodes) or 'b' = any(p.proargmodes), false))) as "returnsComposite",
      (select coalesce(json_agg(json_build_object('name', coalesce(x.name, ''),
          'type', pg_catalog.format_type(x.type, null), 'variadic', x.mode = 'v') order by x.n), '[]')
        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]),
                    coalesce(p.proargmodes, array_fill('i'::"char", array[p.pronargs::int])),
                    p.proargnames) with ordinality as x(type, mode, name, n)
        where x.mode in ('i', 'b', 'v')) as params
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    join pg_catalog.pg_type rt on rt.oid = p.prorettype
    where n.nspname = $1 and p.prokind = 'f'
      -- PostgREST's funcsSqlQuery: a function with unnamed parameters is callable only when its
      -- one parameter is unnamed and takes a whole body (json, jsonb, text, xml, bytea).
      and (select case count(*) - count(x.name) when 0 then true
          when 1 then (pg_catalog.array_agg(x.type))[1] in ('pg_catalog.bytea'::pg_catalog.regtype,
            'pg_catalog.json'::pg_catalog.regtype, 'pg_catalog.jsonb'::pg_catalog.regtype,
            'pg_catalog.text'::pg_catalog.regtype, 'pg_catalog.xml'::pg_catalog.regtype) and count(*) = 1
          else false end
        from unnest(p.proargtypes::oid[], p.proargnames) as x(type, name)
        where x.type is not null)) f),
  'relationships', ${RELATIONSHIPS_SQL},
  'roles', (select coalesce(json_agg(r.rolname), '[]') from pg_catalog.pg_roles r
    where exists (select 1 from pg_catalog.pg_roles a where a.rolname = 'authenticator')
      and pg_catalog.pg_has_role('authenticator', r.oid, 'MEMBER')),
  'allRoles', (select coalesce(json_agg(r.rolname), '[]') from pg_catalog.pg_roles r),
  'roleSettings', (select coalesce(json_object_agg(rs.rolname, rs.settings), '{}') from (
    select r.rolname, json_agg(json_build_array(kv.key, kv.value) order by kv.key) as settings
    from pg_catalog.pg_roles r
    cross join lateral (select substr(s, 1, strpos(s, '=') - 1) as key, substr(s, strpos(s, '=') + 1) as value
      from unnest(r.rolconfig) s) kv
    join pg_catalog.pg_settings ps on ps.name = kv.key and ps.context = 'user'
    where kv.key <> 'default_transaction_isolation' and case
      when exists (select 1 from pg_catalog.pg_roles a where a.rolname = 'authenticator')
        then r.rolname <> 'authenticator' and pg_catalog.pg_has_role('authenticator', r.oid, 'MEMBER')
      else r.rolname in ('anon', 'authenticated', 'service_role') end
    group by r.rolname) rs)
)::text as cache`;

interface RawCache {
  tables: Array<{
    name: string;
    kind: string;
    columns: Column[];
    primaryKey: string[];
    indexed?: string[];
  }>;
  functions: Array<{
    name: string;
    defaults: number;
    returnsSet: boolean;
    returnType: string;
    volatility: string;
    description?: string | null;
    cost?: number;
    returnsVoid: boolean;
    returnsComposite: boolean;
    params: Array<{ name: string; type: string; variadic: boolean }>;
  }>;
  roles: string[];
  allRoles: string[];
  roleSettings?: Record<string, Array<[string, string]>>;
  relationships?: ForeignKey[];
}

const KINDS: Record<string, Table['kind']> = {
  r: 'table',
  v: 'view',
  m: 'materialized view',
  f: 'foreign table',
  p: 'partitioned table',
};
const VOLATILITY: Record<string, Routine['volatility']> = {
  i: 'immutable',
  s: 'stable',
  v: 'volatile',
};
/** Without an `authenticator` role (a bare server), the Supabase API roles are the ones allowed. */
const DEFAULT_ROLES = ['anon', 'authenticated', 'service_role'];

/** Builds the cache from the JSON text SCHEMA_CACHE_SQL returns. */
export function buildSchemaCache(schema: string, json: string): SchemaCache {
  const raw = JSON.parse(json) as RawCache;
  const tables = new Map<string, Table>();
  for (const t of raw.tables) {
    tables.set(t.name, {
      name: t.name,
      kind: KINDS[t.kind] ?? 'table',
      columns: t.columns,
      columnsByName: new Map(t.columns.map((c) => [c.name, c])),
      primaryKey: t.primaryKey,
      indexed: new Set(t.indexed ?? []),
    });
  }
  const functions = new Map<string, Routine[]>();
  for (const f of raw.functions) {
    const firstDefault = f.params.length - f.defaults;
    const routine: Routine = {
      name: f.name,
      params: f.params.map((p, i) => ({ ...p, hasDefault: i >= firstDefault })),
      returnType: f.returnType,
      returnsSet: f.returnsSet,
      returnsComposite: f.returnsComposite,
      returnsVoid: f.returnsVoid,
      volatility: VOLATILITY[f.volatility] ?? 'volatile',
      description: f.description ?? null,
      cost: f.cost ?? 100,
    };
    functions.set(f.name, [...(functions.get(f.name) ?? []), routine]);
  }
  const roles = new Set(raw.roles.length > 0 ? raw.roles : DEFAULT_ROLES);
  return {
    schema,
    tables,
    functions,
    roles,
    allRoles: new Set([...raw.allRoles, ...roles]),
    roleSettings: new Map(Object.entries(raw.roleSettings ?? {})),
    relationships: raw.relationships ?? [],
  };
}
