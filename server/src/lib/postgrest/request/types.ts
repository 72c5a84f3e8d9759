import type { FtsOp, IsValue, QuantOp, SimpleOp } from '../operators.ts';
import type { MediaType, Representation } from '../response/shape.ts';

/**
 * The typed form of a PostgREST request, after parsing and before SQL. Names follow PostgREST's
 * own (src/PostgREST/ApiRequest/Types.hs) so the parser and compiler can be read side by side.
 */

export type Headers = Record<string, string | string[] | undefined>;

/** A request as the REST service hands it over: nothing parsed yet. */
export interface RestRequest {
  method: string;
  resource: { kind: 'table' | 'rpc'; name: string };
  /** The raw query string, without `?`. */
  query: string;
  headers: Headers;
  body: string | undefined;
}

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
}

/** `or=(…)` / `and=(…)` trees; leaves are filters. */
export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'expr'; negated: boolean; op: 'and' | 'or'; children: LogicTree[] };

export interface OrderTerm {
  field: Field;
  /** `order=authors(name)`: a column of a to-one embedded resource (pOrderTerm's relation). */
  relation?: string;
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
  /** `timezone=…`, set for the transaction as PostgREST does. */
  timezone?: string;
  /** `max-affected=n`, enforced with `handling=strict`. */
  maxAffected?: number;
  invalid: string[];
}

/** A request body as the planner needs it: rows to write, or arguments to pass. */
export interface Payload {
  /** Always an array of rows (an object body is one row), ready to send as JSON text. */
  rows: Array<Record<string, unknown>>;
  /** The keys that become columns: `columns=` if given, else the rows' (uniform) keys. */
  keys: string[];
  /** The body was a single object (PATCH and RPC need one). */
  isObject: boolean;
}

/**
 * The parsed request (PostgREST's ApiRequest): method, target, preferences, media type, query
 * string and body, each read once. The body's error, if any, is kept rather than thrown: the
 * plan throws it where PostgREST meets it, after the table and its embeds are found, so a
 * request with two faults keeps getting the answer it got before.
 */
export interface ApiRequest {
  /** Upper case. */
  method: string;
  resource: RestRequest['resource'];
  /** GET or HEAD. */
  isRead: boolean;
  preferences: Preferences;
  media: MediaType;
  /** The Range header already applied (GET); db-max-rows is the plan's. */
  query: QueryParams;
  /** The body as sent: a call with one unnamed json parameter passes it whole. */
  body: string | undefined;
  /** POST and PATCH only: the parsed body, or the error it gives. */
  payload?: { value: Payload } | { error: unknown };
}
