import { Cursor, columnList, field } from './cursor.ts';
import { notSupported, queryParamError } from './errors.ts';
import { assertNoNul } from './limits.ts';
import { hasOperator, parseFilterValue, parseLogicTree } from './parse-filter.ts';
import { parseLimitOffset, parseOrder } from './parse-order.ts';
import { parseSelect } from './parse-select.ts';
import type { QueryParams } from './types.ts';

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

/**
 * The query string of a table or function request, as QueryParams.parse in PostgREST. `rpcRead`
 * (GET/HEAD on /rpc) turns parameters without an operator into function arguments.
 */
export function parseQuery(query: string, rpcRead = false): QueryParams {
  const params = splitQuery(query);
  const one = (name: string) => params.find(([k]) => k === name)?.[1];
  const result: QueryParams = {
    select: parseSelect(one('select') ?? '*'),
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
      const path = key.split('.').filter((part) => part !== 'not');
      if (path.length > 1) throw notSupported(`Parameters on embedded resources (\`${key}\`)`);
      if (last === 'order') result.order.push(...parseOrder(value));
      else if (last === 'and' || last === 'or') result.where.push(parseLogicTree(key, value));
      continue;
    }
    if (rpcRead && !hasOperator(value)) {
      result.rpcArgs.push([key, value]);
      continue;
    }
    const target = filterTarget(key);
    const { negated, operation } = parseFilterValue(value);
    result.where.push({ kind: 'filter', filter: { field: target, negated, operation } });
  }
  return result;
}

/** pTreePath: `col`, `col->json`; a dotted path filters an embedded resource. */
function filterTarget(key: string): ReturnType<typeof field> {
  const c = new Cursor(key, 'tree path');
  const target = field(c);
  if (c.peek() === '.') throw notSupported(`Filtering an embedded resource (\`${key}\`)`);
  if (!c.eof()) throw c.error('"->", "." or end of input');
  return target;
}
