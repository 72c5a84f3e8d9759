import {
  ambiguousFunction,
  columnNotFound,
  functionNotFound,
  tableNotFound,
} from '../response/errors.ts';
import { fuzzyBest, similarity } from './fuzzy.ts';
import type {
  Column,
  FunctionParam,
  Routine,
  SchemaCache,
  Table,
} from '../schema-cache/schema-cache.ts';

/**
 * The closest name for PGRST205's hint, by similarity alone (no shared n-gram needed, unlike
 * fuzzyBest), never the name itself; PostgREST's fuzzy hints need a score of at least 0.75.
 */
export function suggest(
  name: string,
  candidates: Iterable<string>,
  minScore = 0.75,
): string | undefined {
  let best: string | undefined;
  let bestScore = minScore;
  for (const candidate of candidates) {
    const score = similarity(name.toLowerCase(), candidate.toLowerCase());
    if (score >= bestScore && candidate !== name) [best, bestScore] = [candidate, score];
  }
  return best;
}

export function findTable(cache: SchemaCache, name: string): Table {
  const table = cache.tables.get(name);
  if (!table) throw tableNotFound(cache.schema, name, suggest(name, cache.tables.keys()));
  return table;
}

/** The columns named by a body or `columns=`, each checked against the cache (PGRST204). */
export function findColumns(table: Table, names: Iterable<string>): Column[] {
  return [...names].map((name) => {
    const column = table.columnsByName.get(name);
    if (!column) throw columnNotFound(table.name, name);
    return column;
  });
}

const JSON_TYPES = new Set(['json', 'jsonb']);

export type Resolved =
  { routine: Routine; single?: undefined } | { routine: Routine; single: FunctionParam };

/**
 * Picks the overload that takes exactly these named arguments (every argument known, every
 * parameter without a default given), as findProc in PostgREST's Plan.hs. On POST a function
 * with one unnamed json/jsonb parameter takes the whole body when nothing else matches.
 */
export function resolveRoutine(
  cache: SchemaCache,
  name: string,
  argNames: string[],
  viaPost: boolean,
): Resolved {
  const overloads = cache.functions.get(name) ?? [];
  const given = new Set(argNames);
  const matches = overloads.filter((routine) => {
    const names = new Set(routine.params.map((p) => p.name));
    return (
      argNames.every((arg) => names.has(arg)) &&
      routine.params.every((p) => p.hasDefault || given.has(p.name))
    );
  });
  if (matches.length === 1) return { routine: matches[0]! };
  if (matches.length > 1) {
    throw ambiguousFunction(
      [...matches]
        .sort(compareRoutines)
        .map(
          (r) =>
            `${cache.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`,
        ),
    );
  }
  if (viaPost) {
    const single = overloads.find(
      (r) => r.params.length === 1 && r.params[0]!.name === '' && JSON_TYPES.has(r.params[0]!.type),
    );
    if (single) return { routine: single, single: single.params[0]! };
  }
  const hint =
    overloads.length === 0
      ? fuzzyBest(name, cache.functions.keys(), 0.75)
      : suggestParams(name, argNames, overloads);
  throw functionNotFound(cache.schema, name, [...argNames].sort(), viaPost, hint);
}

/**
 * noRpcHint: for a function that exists, the overload whose sorted parameter list is close
 * to the arguments given (fuzzy, 0.33); none when nothing is close: PostgREST then gives no hint.
 */
function suggestParams(name: string, argNames: string[], overloads: Routine[]): string | undefined {
  const list = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const lists = overloads.map((r) => list(r.params.map((p) => p.name)));
  const best = fuzzyBest(list(argNames), lists, 0.33);
  return best === undefined ? undefined : `${name}${best}`;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order of PostgREST's Routine (SchemaCache/Routine.hs `instance Ord`): fewer parameters
 * first, then the description (none first), then the parameters field by field (name, type,
 * required after optional, variadic last), then the return type.
 */
function compareRoutines(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  const [da, db] = [a.description ?? null, b.description ?? null];
  if (da !== db) return da === null ? -1 : db === null ? 1 : compareText(da, db);
  for (let i = 0; i < a.params.length; i++) {
    const [p, q] = [a.params[i]!, b.params[i]!];
    const order =
      compareText(p.name, q.name) ||
      compareText(p.type, q.type) ||
      Number(!p.hasDefault) - Number(!q.hasDefault) ||
      Number(p.variadic) - Number(q.variadic);
    if (order !== 0) return order;
  }
  return compareText(a.returnType, b.returnType);
}
