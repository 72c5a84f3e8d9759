import { Cursor, columnList, fieldName, jsonPath } from './cursor.ts';
import { queryParamError } from '../response/errors.ts';
import { assertNoNul } from './bounds.ts';
import { hasOperator, parseFilterValue, parseLogicTree } from './parse-filter.ts';
import { parseLimitOffset, parseOrder } from './parse-order.ts';
import { parseSelectTree } from './parse-select.ts';
import type { EmbedParams, Field, QueryParams } from './types.ts';

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);
/** Parameters that reach PostgREST's parser on Supabase but belong to the gateway. */
const GATEWAY = new Set(['apikey']);

/** Splits a raw query string as Haskell's parseQueryReplacePlus does: `+` is a space, order kept. */
export function splitQuery(query: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? undefined : part.slice(eq + 1);
    // A parameter without `=` has no value; PostgREST skips it.
    if (value === undefined) continue;
    pairs.push([decode(key), decode(value)]);
  }
  return pairs;
}

function decode(text: string): string {
  const plain = text.replace(/\+/g, ' ');
  let decoded: string;
  try {
    decoded = decodeURIComponent(plain);
  } catch {
    throw queryParamError(
      'Malformed percent-encoding in the query string',
      `could not decode "${text}"`,
    );
  }
  // Every name and value of a request passes here: none can carry a NUL into SQL.
  assertNoNul(decoded, 'query string');
  return decoded;
}

function lastSegment(key: string): string {
  const dot = key.lastIndexOf('.');
  return dot < 0 ? key : key.slice(dot + 1);
}

/** The parameters of the embedded resource at `path`, created on first use. */
function embeddedAt(result: QueryParams, path: string[]): EmbedParams {
  const key = path.join('.');
  let params = result.embedded.get(key);
  if (!params) {
    params = { where: [], order: [], range: { offset: 0 } };
    result.embedded.set(key, params);
  }
  return params;
}

/**
 * The query string of a table or function request, as QueryParams.parse in PostgREST. `rpcRead`
 * (GET/HEAD on /rpc) turns parameters without an operator into function arguments.
 */
export function parseQuery(query: string, rpcRead = false): QueryParams {
  const params = splitQuery(query);
  const one = (name: string) => params.find(([k]) => k === name)?.[1];
  const tree = parseSelectTree(one('select') ?? '*');
  const result: QueryParams = {
    select: tree.columns,
    embeds: tree.embeds,
    embedded: new Map(),
    where: [],
    order: [],
    range: parseLimitOffset(one('limit'), one('offset')),
    rpcArgs: [],
  };
  const columns = one('columns');
  if (columns !== undefined) result.columns = columnList(columns, 'columns parameter');
  const onConflict = one('on_conflict');
  if (onConflict !== undefined) result.onConflict = columnList(onConflict, 'on_conflict parameter');

  for (const [key, value] of params) {
    if (RESERVED.has(key) || GATEWAY.has(key)) continue;
    const last = lastSegment(key);
    if (EMBEDDABLE.has(last)) {
      // `books.order`, `books.reviews.limit`, `books.or`, `books.not.or`: the path before them.
      const parts = key.split('.');
      const path = parts.slice(0, parts.length - 1 - (parts.at(-2) === 'not' ? 1 : 0));
      const logicKey = parts.slice(path.length).join('.');
      const target = path.length === 0 ? undefined : embeddedAt(result, path);
      if (last === 'order') (target ?? result).order.push(...parseOrder(value));
      else if (last === 'and' || last === 'or')
        (target ?? result).where.push(parseLogicTree(logicKey, value));
      else if (target) setRange(target, last, value);
      continue;
    }
    if (rpcRead && !hasOperator(value)) {
      result.rpcArgs.push([key, value]);
      continue;
    }
    const { path, field } = filterTarget(key);
    const { negated, operation } = parseFilterValue(value);
    const tree = { kind: 'filter' as const, filter: { field, negated, operation } };
    (path.length === 0 ? result : embeddedAt(result, path)).where.push(tree);
  }
  return result;
}

/** `books.limit` / `books.offset`, read as the top level's (parseLimitOffset). */
function setRange(params: EmbedParams, which: string, value: string): void {
  const range = which === 'limit' ? parseLimitOffset(value, undefined) : undefined;
  if (range) {
    if (range.limit !== undefined) params.range.limit = range.limit;
    return;
  }
  params.range.offset = parseLimitOffset(undefined, value).offset;
}

/** pTreePath: `col`, `col->json`, or `embed.col`, `embed.sub.col->json` for embedded resources. */
function filterTarget(key: string): { path: string[]; field: Field } {
  const c = new Cursor(key, 'tree path');
  const path: string[] = [];
  c.skipSpaces();
  let name = fieldName(c);
  while (c.eat('.')) {
    path.push(name);
    name = fieldName(c);
  }
  const json = jsonPath(c);
  c.skipSpaces();
  if (!c.eof()) throw c.error('"->", "." or end of input');
  return { path, field: { name, json } };
}
