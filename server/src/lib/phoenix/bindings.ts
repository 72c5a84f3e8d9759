/**
 * The parameters of one `postgres_changes` binding, parsed as supabase/realtime 2.109's
 * `Extensions.PostgresCdcRls.Subscriptions.parse_subscription_params/1` parses them, with its
 * error texts (they reach the client in the `system` message).
 */

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE';
/**
 * The operators realtime's `realtime.equality_op` type and `check_equality_op` evaluate in SQL
 * (realtime ≤ 2.109; later releases add PostgREST's like, is and match). Nothing else is
 * accepted, so no pattern a client writes is ever evaluated here (ADR 008).
 */
export const FILTER_OPS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface Filter {
  column: string;
  op: FilterOp;
  /** As PostgreSQL will read it: `in.(a,b)` becomes the array literal `{a,b}`. */
  value: string;
}

export interface Binding {
  event: '*' | ChangeEvent;
  /** `*` matches every published schema / table. */
  schema: string;
  table: string;
  filters: Filter[];
  /** Columns to send (the primary key always travels); null sends every readable column. */
  select: string[] | null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Elixir's `inspect/1` of a list of strings, which realtime puts in its parse errors. */
function inspect(parts: string[]): string {
  return `[${parts.map((part) => JSON.stringify(part)).join(', ')}]`;
}

/** Splits on commas outside parentheses, as realtime's `scan/6` (quotes are not special). */
export function splitTopLevel(filter: string): string[] {
  const segments: string[] = [];
  let start = 0;
  let depth = 0;
  for (let i = 0; i < filter.length; i++) {
    const char = filter[i];
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ',' && depth === 0) {
      segments.push(filter.slice(start, i));
      start = i + 1;
    }
  }
  segments.push(filter.slice(start));
  return segments;
}

const isOp = (op: string): op is FilterOp => (FILTER_OPS as readonly string[]).includes(op);

/** `col=op.value`: an unknown operator is reported as realtime's `inspect` of the parts. */
function parseSegment(segment: string): Parsed<Filter> {
  const trimmed = segment.trim();
  if (trimmed === '') {
    return { ok: false, error: 'filter must not contain empty segments (check for extra commas)' };
  }
  const eq = trimmed.indexOf('=');
  if (eq < 0) return { ok: false, error: inspect([trimmed]) };
  const column = trimmed.slice(0, eq);
  const rest = trimmed.slice(eq + 1);
  const dot = rest.indexOf('.');
  if (dot < 0) return { ok: false, error: inspect([rest]) };
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (!isOp(op)) return { ok: false, error: inspect([op, value]) };
  if (op !== 'in') return { ok: true, value: { column, op, value } };
  if (value.length < 2 || !value.startsWith('(') || !value.endsWith(')')) {
    return { ok: false, error: '`in` filter value must be wrapped by parentheses' };
  }
  return { ok: true, value: { column, op, value: `{${value.slice(1, -1)}}` } };
}

/** Parses `col=op.value,col2=op.value` (AND); an empty string is no filter at all. */
export function parseFilters(filter: string): Parsed<Filter[]> {
  if (filter.trim() === '') return { ok: true, value: [] };
  const filters: Filter[] = [];
  for (const segment of splitTopLevel(filter.trim())) {
    const parsed = parseSegment(segment);
    if (!parsed.ok) return { ok: false, error: `Error parsing \`filter\` params: ${parsed.error}` };
    filters.push(parsed.value);
  }
  return { ok: true, value: filters };
}

function eventOf(event: unknown): Binding['event'] {
  const upper = typeof event === 'string' ? event.toUpperCase() : '*';
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*';
}

/** One binding from the join payload's `config.postgres_changes`. */
export function parseBinding(params: unknown): Parsed<Binding> {
  const p = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  let select: string[] | null = null;
  if (typeof p.select === 'string') {
    return {
      ok: false,
      error:
        'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]',
    };
  }
  if (Array.isArray(p.select)) {
    const columns = p.select.filter((c): c is string => typeof c === 'string');
    select = columns.length > 0 ? columns : null;
  }
  const has = (key: string) => Object.hasOwn(p, key);
  let schema: string,
    table: string,
    filters: Filter[] = [];
  if (typeof p.schema === 'string' && typeof p.table === 'string' && typeof p.filter === 'string') {
    const parsed = parseFilters(p.filter);
    if (!parsed.ok) return parsed;
    [schema, table, filters] = [p.schema, p.table, parsed.value];
  } else if (typeof p.schema === 'string' && typeof p.table === 'string' && !has('filter')) {
    [schema, table] = [p.schema, p.table];
  } else if (typeof p.schema === 'string' && !has('table') && !has('filter')) {
    [schema, table] = [p.schema, '*'];
  } else if (typeof p.table === 'string' && !has('schema') && !has('filter')) {
    [schema, table] = ['public', p.table];
  } else {
    return {
      ok: false,
      error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(p)}`,
    };
  }
  if (select && (schema === '*' || table === '*')) {
    return {
      ok: false,
      error:
        'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.',
    };
  }
  return { ok: true, value: { event: eventOf(p.event), schema, table, filters, select } };
}
