import { Cursor, field, identifier, tryFieldName } from './cursor.ts';
import { notSupported } from './errors.ts';
import { LIMITS, tooManySelectItems } from './limits.ts';
import type { SelectItem } from './types.ts';

const AGGREGATES = ['sum', 'avg', 'count', 'max', 'min'];

/**
 * Parses `select=` (pFieldForest in QueryParams.hs) for plain columns: `*`, `col`, `alias:col`,
 * `col::type`, `col->a->>b`. Embedded resources, spreads and aggregates parse far enough to be
 * recognised, then get a 400 saying they are not supported.
 */
export function parseSelect(input: string): SelectItem[] | '*' {
  const c = new Cursor(input, 'select parameter');
  const items: Array<SelectItem | '*'> = [];
  c.skipSpaces();
  if (c.eof()) return [];
  do {
    c.skipSpaces();
    items.push(selectItem(c));
    c.skipSpaces();
  } while (c.eat(','));
  if (!c.eof()) throw c.error('"," or end of input');
  const distinct = dedupe(items);
  if (distinct.length > LIMITS.selectItems) tooManySelectItems(distinct.length);
  if (distinct.length === 1 && distinct[0] === '*') return '*';
  // `*` beside other items keeps every column, then adds the rest (PostgREST does the same).
  return distinct.map((item) => (item === '*' ? { field: { name: '*', json: [] } } : item));
}

/**
 * Drops repeated items. PostgREST would repeat the keys in every object, which JSON parsers
 * collapse to one anyway; repeating them is how `select=*,*,*,…` turned one request into tens
 * of MB, so here each item is sent once.
 */
function dedupe(items: Array<SelectItem | '*'>): Array<SelectItem | '*'> {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = JSON.stringify(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function selectItem(c: Cursor): SelectItem | '*' {
  if (c.startsWith('...')) throw notSupported('Spreading an embedded resource (`...name(…)`)');
  if (c.peek() === '*' && isItemEnd(c, 1)) {
    c.pos++;
    return '*';
  }
  const alias = tryAlias(c);
  if (c.startsWith('count()')) throw notSupported('Aggregate functions (`count()`)');
  const start = c.pos;
  const name = tryFieldName(c);
  if (name !== undefined && (c.peek() === '(' || c.peek() === '!')) {
    throw notSupported(`Embedding a resource (\`${name}(…)\` in select)`);
  }
  c.pos = start;
  const item: SelectItem = { field: field(c) };
  if (alias !== undefined) item.alias = alias;
  if (c.eat('::')) item.cast = identifier(c, 'cast type');
  if (c.peek() === '.') {
    const agg = AGGREGATES.find((a) => c.startsWith(`.${a}()`));
    if (agg) throw notSupported(`Aggregate functions (\`${agg}()\`)`);
  }
  c.skipSpaces();
  if (!isItemEnd(c, 0)) throw c.error('"->", "::", "," or end of input');
  return item;
}

/** `alias:` (a single colon; `::` is a cast). Restores the cursor when there is none. */
function tryAlias(c: Cursor): string | undefined {
  const start = c.pos;
  const name = tryFieldName(c);
  if (name !== undefined && c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++;
    c.skipSpaces();
    return name;
  }
  c.pos = start;
  return undefined;
}

function isItemEnd(c: Cursor, offset: number): boolean {
  const next = c.peek(offset);
  return next === '' || next === ',' || next === ' ' || next === ')';
}
