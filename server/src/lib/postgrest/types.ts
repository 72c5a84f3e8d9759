import type { EmbedNode } from './embed-plan.ts';
import type { FtsOp, IsValue, QuantOp, SimpleOp } from './operators.ts';
import type { Representation } from './response/shape.ts';

/**
 * The typed form of a PostgREST request, after parsing and before SQL. Names follow PostgREST's
 * own (src/PostgREST/ApiRequest/Types.hs) so the parser and compiler can be read side by side.
 */

/** One `->` / `->>` step of a JSON path: a key, or an array index when `index` is set. */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
  index: boolean;
}

/** A column, optionally followed by a JSON path (`data->a->>b`). */
export interface Field {
  name: string;
  json: JsonStep[];
}

export interface SelectItem {
  field: Field;
  alias?: string;
  cast?: string;
}

/**
 * An embedded resource in `select=` (PostgREST's SelectRelation): `alias:target!hint!inner(…)`.
 * `target` is a table, a foreign key's name or a foreign key column; `hint` picks one of several
 * relationships (a constraint or a column name).
 */
export interface EmbedRequest {
  target: string;
  alias?: string;
  hint?: string;
  join?: 'inner' | 'left';
  /** `...target(cols)`: the embedded row's columns join the parent's (to-one only). */
  spread?: boolean;
  select: SelectTree;
}

/** What one level of `select=` asks for: columns, then embedded resources. */
export interface SelectTree {
  columns: SelectItem[] | '*';
  embeds: EmbedRequest[];
}

/** Filters, order and range given to an embedded resource (`books.rating=gt.3`, `books.limit=2`). */
export interface EmbedParams {
  where: LogicTree[];
  order: OrderTerm[];
  range: Range;
}

export type Operation =
  | { kind: 'quant'; op: QuantOp; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'simple'; op: SimpleOp; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; op: FtsOp; language?: string; value: string };

export interface Filter {
  field: Field;
  negated: boolean;
  operation: Operation;
  /** Set by the planner when the field names an embedded resource: `books=not.is.null`. */
  embed?: EmbedNode;
}

/** `or=(…)` / `and=(…)` trees; leaves are filters. */
export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'expr'; negated: boolean; op: 'and' | 'or'; children: LogicTree[] };

export interface OrderTerm {
  field: Field;
  /** `order=authors(name)`: a column of a to-one embedded resource (pOrderTerm's relation). */
  relation?: string;
  /** Set by the planner to the embed that `relation` names. */
  embed?: EmbedNode;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Rows [offset, offset + limit); `limit` undefined means all. */
export interface Range {
  offset: number;
  limit?: number;
}

/** The query string of a request, as PostgREST splits it (QueryParams.hs). */
export interface QueryParams {
  select: SelectItem[] | '*';
  /** Embedded resources of the top level, in the order of `select=`. */
  embeds: EmbedRequest[];
  /** Parameters of embedded resources by path (`books`, `books.reviews`), as given. */
  embedded: Map<string, EmbedParams>;
  /** Every filter and logic tree, ANDed together in the order given. */
  where: LogicTree[];
  order: OrderTerm[];
  /** From `limit`/`offset` only; the Range header is applied later, for GET. */
  range: Range;
  columns?: string[];
  onConflict?: string[];
  /** Parameters without an operator: RPC arguments on GET/HEAD. */
  rpcArgs: Array<[string, string]>;
}

export interface Preferences {
  return?: Representation;
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  invalid: string[];
}
