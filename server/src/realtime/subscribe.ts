import type pg from 'pg';
import type { Binding, Filter } from '../lib/phoenix/bindings.ts';
import type { CompiledFilter } from '../lib/phoenix/filters.ts';
import { CAPTURE_SCHEMA } from '../db/capture.ts';

/** A binding resolved against the publication: per `schema.table`, its filters ready to run. */
export interface CompiledBinding {
  id: number;
  event: Binding['event'];
  select: string[] | null;
  tables: Map<string, CompiledFilter[]>;
}

export const tableKey = (schema: string, table: string) => `${schema}.${table}`;

/** Catalog answers shared by the bindings of one join (they mostly name the same table). */
export class CatalogCache {
  readonly tables = new Map<string, Promise<{ schema: string; table: string }[]>>();
  readonly columns = new Map<string, Promise<ColumnRow[]>>();
}

const once = <T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>) => {
  let value = map.get(key);
  if (!value) map.set(key, (value = load()));
  return value;
};

/** Thrown with the text realtime puts in the `system` error message. */
export class SubscriptionError extends Error {}

interface ColumnRow {
  name: string;
  type: string;
  oid: number;
  array_oid: number;
  readable: boolean;
}

/** realtime's `params_to_log`, quoted in its subscription errors. */
function describe(binding: Binding): string {
  const filters = binding.filters.map(
    (f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.value)}}`,
  );
  const select = binding.select ? JSON.stringify(binding.select) : 'nil';
  return `event: ${binding.event}, schema: ${binding.schema}, table: ${binding.table}, filters: [${filters.join(', ')}], select: ${select}`;
}

/** The checks of realtime's `subscription_check_filters` trigger, with its messages. */
async function compileFilter(
  pool: pg.Pool,
  filter: Filter,
  columns: Map<string, ColumnRow>,
): Promise<CompiledFilter> {
  const column = columns.get(filter.column);
  if (!column || !column.readable)
    throw new SubscriptionError(`invalid column for filter ${filter.column}`);
  const base = { column: filter.column, op: filter.op, type: column.type };
  const typeOid = filter.op === 'in' ? column.array_oid : column.oid;
  const { rows } = await pool.query<{ value: unknown }>(
    `select "${CAPTURE_SCHEMA}"."cast"($1, $2::oid::regtype) as "value"`,
    [filter.value, typeOid],
  );
  const value = rows[0]?.value ?? null;
  if (filter.op === 'in' && Array.isArray(value) && value.length > 100) {
    throw new SubscriptionError('too many values for `in` filter. Maximum 100');
  }
  return { ...base, value };
}

async function compileTable(
  pool: pg.Pool,
  binding: Binding,
  schema: string,
  table: string,
  role: string,
  catalog: CatalogCache,
) {
  const load = async () =>
    (
      await pool.query<ColumnRow>(
        `select a."attname" as "name", t."typname" as "type", t."oid"::int as "oid", t."typarray"::int as "array_oid",
       pg_catalog.has_column_privilege($3::text, c."oid", a."attnum", 'SELECT') as "readable"
     from pg_catalog.pg_class c
     join pg_catalog.pg_namespace n on n."oid" = c."relnamespace"
     join pg_catalog.pg_attribute a on a."attrelid" = c."oid" and a."attnum" > 0 and not a."attisdropped"
     join pg_catalog.pg_type t on t."oid" = a."atttypid"
     where n."nspname" = $1 and c."relname" = $2`,
        [schema, table, role],
      )
    ).rows;
  const rows = await once(catalog.columns, `${schema}\u0000${table}\u0000${role}`, load);
  const columns = new Map(rows.map((row) => [row.name, row]));
  for (const name of binding.select ?? []) {
    if (!columns.get(name)?.readable)
      throw new SubscriptionError(`invalid column for select ${name}`);
  }
  const filters: CompiledFilter[] = [];
  for (const filter of binding.filters) filters.push(await compileFilter(pool, filter, columns));
  return filters;
}

/**
 * Resolves a binding for a role as realtime inserts its `realtime.subscription` rows: one per
 * published table matching schema and table (`*` for any), each filter checked against the
 * table's columns and cast to the column's type. Throws SubscriptionError with realtime's text.
 */
export async function compileBinding(
  pool: pg.Pool,
  id: number,
  binding: Binding,
  role: string,
  catalog = new CatalogCache(),
): Promise<CompiledBinding> {
  let rows: { schema: string; table: string }[];
  const load = async () =>
    (
      await pool.query<{ schema: string; table: string }>(
        `select p."schemaname" as "schema", p."tablename" as "table" from pg_catalog.pg_publication_tables p
       where p."pubname" = 'supabase_realtime' and ($1 = '*' or p."schemaname" = $1) and ($2 = '*' or p."tablename" = $2)`,
        [binding.schema, binding.table],
      )
    ).rows;
  try {
    rows = await once(catalog.tables, `${binding.schema}\u0000${binding.table}`, load);
  } catch (error) {
    // A name Postgres cannot even compare (a NUL byte: 22021) is the client's mistake, answered
    // like any other bad parameter rather than crashing the socket with 1011.
    throw exceptionHappened(binding, error);
  }
  if (rows.length === 0) {
    throw new SubscriptionError(
      `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${describe(binding)}]`,
    );
  }
  const tables = new Map<string, CompiledFilter[]>();
  try {
    for (const { schema, table } of rows) {
      tables.set(
        tableKey(schema, table),
        await compileTable(pool, binding, schema, table, role, catalog),
      );
    }
  } catch (error) {
    throw exceptionHappened(binding, error);
  }
  return { id, event: binding.event, select: binding.select, tables };
}

/** realtime's reply when inserting the subscription raised: the cause, with its SQLSTATE. */
function exceptionHappened(binding: Binding, error: unknown): SubscriptionError {
  const pgError = error as { code?: string; message?: string };
  const cause =
    error instanceof SubscriptionError
      ? `ERROR P0001 (raise_exception) ${error.message}`
      : `ERROR ${pgError.code ?? ''} ${pgError.message ?? String(error)}`;
  return new SubscriptionError(
    `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${describe(binding)}]. Exception: ${cause}`,
  );
}
