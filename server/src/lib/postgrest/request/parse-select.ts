import { Cursor, field, fieldName, identifier, tryFieldName } from './cursor.ts';
import { notSupported } from '../response/errors.ts';
import { LIMITS } from '../limits.ts';
import { tooDeepEmbed, tooManySelectItems } from './bounds.ts';
import type { EmbedRequest, SelectItem, SelectTree } from './types.ts';

const AGGREGATES = ['sum', 'avg', 'count', 'max', 'min'];

type Item = SelectItem | '*' | EmbedRequest;

/**
 * Parses `select=` (pFieldForest in QueryParams.hs): `*`, `col`, `alias:col`, `col::type`,
 * `col->a->>b`, and embedded resources `alias:target!hint!inner(…)` nested to any depth up to
 * LIMITS.embedDepth. Every column and every embed, at every level, counts toward
 * LIMITS.selectItems. Spreads and aggregates parse far enough to be recognised, then get a 400
 * saying they are not supported.
 */
export function parseSelectTree(input: string): SelectTree {
  const c = new Cursor(input, 'select parameter');
  const counter = { items: 0 };
  c.skipSpaces();
  if (c.eof()) return { columns: [], embeds: [] };
  const tree = selectList(c, 0, counter);
  if (!c.eof()) throw c.error('"," or end of input');
  return tree;
}

/** The columns of `select=` alone; used where embedding cannot apply. */
export function parseSelect(input: string): SelectItem[] | '*' {
  const tree = parseSelectTree(input);
  if (tree.embeds.length > 0) throw notSupported('Embedding a resource here');
  return tree.columns;
}

function selectList(c: Cursor, depth: number, counter: { items: number }): SelectTree {
  const items: Item[] = [];
  do {
    c.skipSpaces();
    if (depth > 0 && c.peek() === ')') break; // `books()`: an embed that selects nothing
    items.push(selectItem(c, depth, counter));
    c.skipSpaces();
  } while (c.eat(','));
  const distinct = dedupe(items);
  counter.items += distinct.length;
  if (counter.items > LIMITS.selectItems) tooManySelectItems(counter.items);
  const embeds = distinct.filter((item): item is EmbedRequest => item !== '*' && 'target' in item);
  const columns = distinct.filter(
    (item): item is SelectItem | '*' => item === '*' || 'field' in item,
  );
  if (columns.length === 1 && columns[0] === '*') return { columns: '*', embeds };
  // `*` beside other items keeps every column, then adds the rest (PostgREST does the same).
  return {
    columns: columns.map((item) => (item === '*' ? { field: { name: '*', json: [] } } : item)),
    embeds,
  };
}

/**
 * Drops repeated columns. PostgREST would repeat the keys in every object, which JSON parsers
 * collapse to one anyway; repeating them is how `select=*,*,*,…` turned one request into tens
 * of MB, so here each column is sent once. Embeds are kept: two under one name are PostgREST's
 * 42712 (plan/embed-plan.ts), never a body with a duplicate key.
 */
function dedupe(items: Item[]): Item[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (item !== '*' && 'target' in item) return true;
    const key = JSON.stringify(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function selectItem(c: Cursor, depth: number, counter: { items: number }): Item {
  if (c.eat('...')) {
    // pSpreadRelationSelect: no alias, the target and its `!` parameters, then `(…)`.
    const spread = embed(c, fieldName(c), undefined, depth, counter);
    return { ...spread, spread: true };
  }
  if (c.peek() === '*' && isItemEnd(c, 1)) {
    c.pos++;
    return '*';
  }
  const alias = tryAlias(c);
  if (c.startsWith('count()')) throw notSupported('Aggregate functions (`count()`)');
  const start = c.pos;
  const name = tryFieldName(c);
  if (name !== undefined && (c.peek() === '(' || c.peek() === '!')) {
    return embed(c, name, alias, depth, counter);
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

/** pRelationSelect: up to two `!` parameters (a hint, `inner` or `left`, in either order). */
function embed(
  c: Cursor,
  target: string,
  alias: string | undefined,
  depth: number,
  counter: { items: number },
): EmbedRequest {
  const request: EmbedRequest = { target, select: { columns: [], embeds: [] } };
  if (alias !== undefined) request.alias = alias;
  for (let n = 0; n < 2 && c.eat('!'); n++) {
    const word = fieldName(c);
    if (word === 'inner' || word === 'left') request.join = word;
    else request.hint = word;
  }
  c.expect('(', '"(" or "!"');
  if (depth + 1 > LIMITS.embedDepth) tooDeepEmbed();
  request.select = selectList(c, depth + 1, counter);
  c.skipSpaces();
  c.expect(')', '"," or ")"');
  return request;
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
