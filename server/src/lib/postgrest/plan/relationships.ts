import { PostgrestError } from '../response/errors.ts';
import { fuzzyBest } from './fuzzy.ts';
import type { ForeignKey, SchemaCache } from '../schema-cache/schema-cache.ts';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one';

/**
 * A foreign key seen from one side (PostgREST's Relationship): `columns` pairs a column of
 * `table` with the column of `foreignTable` it joins. Each foreign key gives two: many-to-one
 * from the referencing table, one-to-many back (one-to-one both ways when the referencing
 * columns are unique).
 */
export interface Relationship {
  table: string;
  foreignTable: string;
  constraint: string;
  columns: Array<[string, string]>;
  cardinality: Cardinality;
  self: boolean;
}

/** Whether embedding along `rel` gives one object (or null) rather than an array. */
export const toOne = (rel: Relationship): boolean => rel.cardinality !== 'one-to-many';

function directions(fk: ForeignKey): Relationship[] {
  const self = fk.table === fk.foreignTable;
  const pairs = fk.columns.map((col, i): [string, string] => [col, fk.foreignColumns[i]!]);
  return [
    {
      table: fk.table,
      foreignTable: fk.foreignTable,
      constraint: fk.name,
      columns: pairs,
      cardinality: fk.unique ? 'one-to-one' : 'many-to-one',
      self,
    },
    {
      table: fk.foreignTable,
      foreignTable: fk.table,
      constraint: fk.name,
      columns: pairs.map(([col, fcol]): [string, string] => [fcol, col]),
      cardinality: fk.unique ? 'one-to-one' : 'one-to-many',
      self,
    },
  ];
}

const byCache = new WeakMap<SchemaCache, Map<string, Relationship[]>>();

/** Every relationship whose origin is `table`, computed once per schema cache. */
export function relationshipsOf(cache: SchemaCache, table: string): Relationship[] {
  let map = byCache.get(cache);
  if (!map) {
    map = new Map();
    for (const rel of cache.relationships.flatMap(directions)) {
      map.set(rel.table, [...(map.get(rel.table) ?? []), rel]);
    }
    byCache.set(cache, map);
  }
  return map.get(table) ?? [];
}

const singleCol = (rel: Relationship, side: 0 | 1, name: string): boolean =>
  rel.columns.length === 1 && rel.columns[0]![side] === name;

/**
 * The one relationship `origin?select=target!hint(…)` means, by findRel in PostgREST's Plan.hs:
 * the target names the other table, a foreign key, or a column of the origin's foreign key; a
 * hint names a foreign key or one of its columns. A self-referencing key reads the table's name
 * as its children (one-to-many) and the column's name as its parent (many-to-one).
 */
export function findRelationship(
  cache: SchemaCache,
  origin: string,
  target: string,
  hint: string | undefined,
): Relationship {
  const rels = relationshipsOf(cache, origin).filter((rel) => {
    if (rel.self) {
      if (hint === undefined) {
        return (
          (target === rel.foreignTable && rel.cardinality === 'one-to-many') ||
          (singleCol(rel, 0, target) && rel.cardinality === 'many-to-one')
        );
      }
      return (
        target === rel.foreignTable && rel.cardinality === 'one-to-many' && singleCol(rel, 1, hint)
      );
    }
    if (hint === undefined)
      return target === rel.foreignTable || target === rel.constraint || singleCol(rel, 0, target);
    return (
      target === rel.foreignTable &&
      (hint === rel.constraint || singleCol(rel, 0, hint) || singleCol(rel, 1, hint))
    );
  });
  if (rels.length === 1) return rels[0]!;
  if (rels.length === 0) throw noRelationship(cache, origin, target, hint);
  throw ambiguousRelationship(origin, target, rels);
}

const list = (names: string[]) => `(${names.join(', ')})`;

/** PGRST200, worded as NoRelBetween in Error.hs, with its fuzzy hint (noRelBetweenHint). */
function noRelationship(
  cache: SchemaCache,
  origin: string,
  target: string,
  hint: string | undefined,
): PostgrestError {
  const own = relationshipsOf(cache, origin);
  const parents = new Set(cache.relationships.flatMap((fk) => [fk.table, fk.foreignTable]));
  const suggestion =
    own.length > 0
      ? mapDefined(
          fuzzyBest(
            target,
            new Set(own.map((rel) => rel.foreignTable).filter((t) => t !== target)),
            0.33,
          ),
          (child) => `Perhaps you meant '${child}' instead of '${target}'.`,
        )
      : mapDefined(
          fuzzyBest(origin, parents, 0.33),
          (parent) => `Perhaps you meant '${parent}' instead of '${origin}'.`,
        );
  return new PostgrestError(400, {
    code: 'PGRST200',
    message: `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
    details:
      `Searched for a foreign key relationship between '${origin}' and '${target}` +
      `${hint === undefined ? '' : `' using the hint '${hint}`}' in the schema '${cache.schema}', but no matches were found.`,
    hint: suggestion ?? null,
  });
}

function mapDefined<T, U>(value: T | undefined, fn: (value: T) => U): U | undefined {
  return value === undefined ? undefined : fn(value);
}

/** PGRST201 (AmbiguousRelBetween): every candidate in details, a hint for each in hint. */
function ambiguousRelationship(
  origin: string,
  target: string,
  rels: Relationship[],
): PostgrestError {
  return new PostgrestError(300, {
    code: 'PGRST201',
    message: `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    // A JSON array, not a string: one object per candidate, as compressedRel renders them.
    details: rels.map((rel) => ({
      cardinality: rel.cardinality,
      embedding: `${rel.table} with ${rel.foreignTable}`,
      relationship: `${rel.constraint} using ${rel.table}${list(rel.columns.map(([c]) => c))} and ${rel.foreignTable}${list(rel.columns.map(([, f]) => f))}`,
    })),
    hint: `Try changing '${target}' to one of the following: ${rels.map((rel) => `'${rel.foreignTable}!${rel.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  });
}
