import type { ChangeEvent } from './bindings.ts';

export type Row = Record<string, unknown>;

/** A committed row change as the capture trigger reports it (rows rendered by `to_jsonb`). */
export interface Change {
  schema: string;
  table: string;
  type: ChangeEvent;
  record: Row | null;
  oldRecord: Row | null;
  /** ISO 8601 in UTC with milliseconds, as realtime formats the WAL commit time. */
  commitTimestamp: string;
}

export interface ColumnInfo {
  name: string;
  /** `pg_type.typname` (`int4`, `uuid`, `timestamptz`): realtime-js converts values by it. */
  type: string;
  primaryKey: boolean;
  /** Part of the replica identity: what a WAL record carries of the old row. */
  identity: boolean;
}

export interface TableShape {
  schema: string;
  table: string;
  /** In attribute order. */
  columns: ColumnInfo[];
  rls: boolean;
}

/** realtime's `max_record_bytes` default, and the size of a value it keeps past it. */
export const MAX_RECORD_BYTES = 1024 * 1024;
const MAX_VALUE_BYTES_WHEN_TOO_LARGE = 64;

function pick(row: Row | null, keep: (name: string) => boolean): Row | null {
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).filter(([name]) => keep(name)));
}

/**
 * The old row as logical decoding would carry it: only the replica identity's columns (all of
 * them with REPLICA IDENTITY FULL, the primary key by default). The trigger always sees the
 * whole old row; trimming it keeps old_record and DELETE filters what Supabase would give.
 */
export function identityRow(change: Change, shape: TableShape): Row | null {
  const identity = new Set(shape.columns.filter((c) => c.identity).map((c) => c.name));
  return pick(change.oldRecord, (name) => identity.has(name));
}

/** The row a binding's filters read: the new row, or for a DELETE the old identity row. */
export function filteredRow(change: Change, shape: TableShape): Row | null {
  return change.type === 'DELETE' ? identityRow(change, shape) : change.record;
}

export function primaryKeyOf(shape: TableShape): string[] {
  return shape.columns.filter((c) => c.primaryKey).map((c) => c.name);
}

/**
 * realtime refuses to send INSERT/UPDATE rows of a table without a primary key (it could not
 * check RLS per row), or whose key the role may not read; DELETEs pass (apply_rls).
 */
export function refusal(
  change: Change,
  shape: TableShape,
  readable: ReadonlySet<string>,
): string | null {
  if (change.type === 'DELETE') return null;
  const key = primaryKeyOf(shape);
  if (key.length === 0) return 'Error 400: Bad Request, no primary key';
  return key.every((name) => readable.has(name)) ? null : 'Error 401: Unauthorized';
}

function byteLength(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? 'null', 'utf8');
}

/**
 * The `data` of a `postgres_changes` push, shaped as realtime's `NewRecord` / `UpdatedRecord` /
 * `DeletedRecord` (apply_rls.sql builds the parts): only columns the role may read (and, with
 * `select`, only those plus the key); a DELETE on a table with RLS carries only the primary key,
 * because the deleted row can no longer be checked against the policies.
 */
export function changeData(
  change: Change,
  shape: TableShape,
  readable: ReadonlySet<string>,
  select: readonly string[] | null,
): Row {
  const base = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
  };
  const refused = refusal(change, shape, readable);
  if (refused) return { ...base, commit_timestamp: null, columns: [], errors: [refused] };

  const tooLarge = byteLength([change.record, change.oldRecord]) > MAX_RECORD_BYTES;
  const keyColumns = new Set(primaryKeyOf(shape));
  const chosen = (name: string) =>
    readable.has(name) && (!select || select.includes(name) || keyColumns.has(name));
  const trim = (row: Row | null, keep: (name: string) => boolean) =>
    pick(
      row,
      (name) =>
        chosen(name) &&
        keep(name) &&
        (!tooLarge || byteLength(row?.[name]) <= MAX_VALUE_BYTES_WHEN_TOO_LARGE),
    );

  const data: Row = {
    ...base,
    columns: shape.columns
      .filter((c) => chosen(c.name))
      .map((c) => ({ name: c.name, type: c.type })),
  };
  if (change.type !== 'DELETE') data.record = trim(change.record, () => true) ?? {};
  if (change.type !== 'INSERT') {
    const old = identityRow(change, shape);
    const keyOnly = change.type === 'DELETE' && shape.rls;
    data.old_record = trim(old, (name) => !keyOnly || keyColumns.has(name)) ?? {};
  }
  data.errors = tooLarge ? ['Error 413: Payload Too Large'] : null;
  return data;
}
