import type { FilterOp } from './bindings.ts';

/**
 * A filter ready to run against a change: the column's type name (`pg_type.typname`) and the
 * filter's value as PostgreSQL's `to_jsonb(value::type)` renders it, which is also how the change
 * capture renders the row. So comparing the two is comparing values of the same type, as
 * realtime's `check_equality_op` does in SQL, without a query per change.
 */
export interface CompiledFilter {
  column: string;
  op: FilterOp;
  type: string;
  /** The cast value; an array for `in`. */
  value: unknown;
}

type Row = Record<string, unknown>;
/** SQL's three-valued logic: null (unknown) never lets a change through. */
type Truth = boolean | null;

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const ZONED = new Set(['timestamptz', 'timetz']);

/** `2024-05-01T10:00:00.123456+02:00` → microseconds since the epoch (Date keeps only ms). */
function zonedMicros(value: string): number {
  if (value === 'infinity') return Number.POSITIVE_INFINITY;
  if (value === '-infinity') return Number.NEGATIVE_INFINITY;
  const fraction = /\.(\d+)/.exec(value)?.[1] ?? '';
  const whole = Date.parse(value.replace(/\.\d+/, ''));
  return whole * 1000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** Orders two non-null values of one column type; undefined when they cannot be ordered. */
export function compareValues(type: string, a: unknown, b: unknown): number | undefined {
  if (NUMERIC.has(type)) {
    const [x, y] = [Number(a), Number(b)];
    return Number.isNaN(x) || Number.isNaN(y) ? undefined : x - y;
  }
  if (ZONED.has(type) && typeof a === 'string' && typeof b === 'string') {
    if (type === 'timestamptz') return zonedMicros(a) - zonedMicros(b);
    return zonedMicros(`1970-01-01T${a}`) - zonedMicros(`1970-01-01T${b}`);
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  // Dates, timestamps and times render fixed-width ISO, so text order is time order. Text and
  // uuid compare by code point; PostgreSQL uses the column's collation (the same for ASCII).
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const [x, y] = [canonicalJson(a), canonicalJson(b)];
  return x === y ? 0 : undefined;
}

function equal(type: string, a: unknown, b: unknown): Truth {
  if (a === null || b === null) return null;
  const order = compareValues(type, a, b);
  return order === undefined ? canonicalJson(a) === canonicalJson(b) : order === 0;
}

function evaluate(filter: CompiledFilter, cell: unknown): Truth {
  const { op, type, value } = filter;
  // Every comparison is one of realtime's equality_op: a fixed amount of work per value, whatever
  // the client wrote (ADR 008).
  switch (op) {
    case 'in': {
      if (cell === null || !Array.isArray(value)) return null;
      if (value.some((item) => equal(type, cell, item) === true)) return true;
      return value.includes(null) ? null : false;
    }
    case 'eq':
      return equal(type, cell, value);
    case 'neq': {
      const same = equal(type, cell, value);
      return same === null ? null : !same;
    }
  }
  if (cell === null || value === null) return null;
  const order = compareValues(type, cell, value);
  if (order === undefined) return null;
  if (op === 'lt') return order < 0;
  if (op === 'lte') return order <= 0;
  if (op === 'gt') return order > 0;
  return order >= 0;
}

/**
 * Whether a row passes every filter (AND), as realtime's `is_visible_through_filters`: a filter
 * on a column the row does not carry fails, and so does an unknown (null) comparison.
 */
export function matchesFilters(filters: readonly CompiledFilter[], row: Row | null): boolean {
  for (const filter of filters) {
    if (!row || !Object.hasOwn(row, filter.column)) return false;
    if (evaluate(filter, row[filter.column] ?? null) !== true) return false;
  }
  return true;
}
