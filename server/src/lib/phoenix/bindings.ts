/**
 * The parameters of one `postgres_changes` binding, parsed as supabase/realtime's
 * `Extensions.PostgresCdcRls.Subscriptions.parse_subscription_params/1` parses them, with its
 * error texts (they reach the client in the `system` message).
 */

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE';
export type FilterOp =
  'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'is' | 'like' | 'ilike' | 'isdistinct';

export interface Filter {
  column: string;
  op: FilterOp;
  /** As PostgreSQL will read it: `in.(a,b)` becomes the array literal `{a,b}`, quotes are removed. */
  value: string;
  negate: boolean;
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

const SUPPORTED: readonly string[] = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'is',
  'like',
  'ilike',
  'isdistinct',
];
/** realtime also knows these; their POSIX regular expressions have no faithful JavaScript twin. */
const UNSUPPORTED_HERE: readonly string[] = ['match', 'imatch'];

/** Elixir's `inspect/1` of a list of strings, which realtime puts in its parse errors. */
function inspect(parts: string[]): string {
  return `[${parts.map((part) => JSON.stringify(part)).join(', ')}]`;
}

/** Splits on commas outside double quotes and parentheses, as realtime's `split_top_level`. */
export function splitTopLevel(filter: string): string[] {
  const segments: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let previous = '';
  for (let i = 0; i < filter.length; i++) {
    const char = filter[i]!;
    if (quoted) {
      if (char === '\\' && i + 1 < filter.length) {
        current += char + filter[++i];
        continue;
      }
      if (char === '"') quoted = false;
      current += char;
    } else if (char === '"' && ['.', '(', ','].includes(previous)) {
      quoted = true;
      current += char;
    } else if (char === '(') {
      depth++;
      current += char;
    } else if (char === ')') {
      depth = Math.max(0, depth - 1);
      current += char;
    } else if (char === ',' && depth === 0) {
      segments.push(current);
      current = '';
    } else {
      current += char;
    }
    previous = char;
  }
  segments.push(current);
  return segments;
}

/** `"a,b"` → `a,b` (backslash escapes one character); anything else is taken as written. */
function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let out = '';
  for (let i = 1; i < value.length; i++) {
    const char = value[i]!;
    if (char === '\\' && i + 1 < value.length) out += value[++i];
    else if (char === '"') return i === value.length - 1 ? out : value;
    else out += char;
  }
  return value;
}

function parseSegment(segment: string): Parsed<Filter> {
  const trimmed = segment.trim();
  if (trimmed === '') {
    return { ok: false, error: 'filter must not contain empty segments (check for extra commas)' };
  }
  const eq = trimmed.indexOf('=');
  if (eq < 0) return { ok: false, error: inspect([trimmed]) };
  const column = trimmed.slice(0, eq);
  let rest = trimmed.slice(eq + 1);
  const negate = rest.startsWith('not.');
  if (negate) rest = rest.slice(4);
  const dot = rest.indexOf('.');
  if (dot < 0) return { ok: false, error: inspect([rest]) };
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (UNSUPPORTED_HERE.includes(op)) {
    return { ok: false, error: `operator \`${op}\` is not supported by the local stack` };
  }
  if (!SUPPORTED.includes(op)) return { ok: false, error: inspect([op, value]) };
  if (op === 'in') {
    if (value.length < 2 || !value.startsWith('(') || !value.endsWith(')')) {
      return { ok: false, error: '`in` filter value must be wrapped by parentheses' };
    }
    return { ok: true, value: { column, op, value: `{${value.slice(1, -1)}}`, negate } };
  }
  return { ok: true, value: { column, op: op as FilterOp, value: unquote(value), negate } };
}

/** Parses `col=op.value,col2=not.op.value` (AND); an empty string is no filter at all. */
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
