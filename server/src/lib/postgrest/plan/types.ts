import type {
  Filter,
  LogicTree,
  OrderTerm,
  QueryParams,
  Range,
  SelectItem,
} from '../request/types.ts';
import type { ResponseShape } from '../response/shape.ts';
import type { Column, FunctionParam, Routine } from '../schema-cache/schema-cache.ts';
import type { Lane } from './lane.ts';
import type { Relationship } from './relationships.ts';

/**
 * The plan of a request (PostgREST's Plan/Types.hs, ReadPlan.hs, MutatePlan.hs, CallPlan.hs):
 * the request checked against the schema cache, as data. It holds no SQL: query/ turns it into
 * statements, so a plan can be read, tested and cached without reading a line of SQL.
 */

/** A filter of the plan: `embed` is set when it tests an embedded resource (`books=not.is.null`). */
export interface PlanFilter extends Filter {
  embed?: EmbedNode;
}

/** `or=(…)` / `and=(…)` trees of planned filters. */
export type PlanLogicTree =
  | { kind: 'filter'; filter: PlanFilter }
  | { kind: 'expr'; negated: boolean; op: 'and' | 'or'; children: PlanLogicTree[] };

/** An order term of the plan: `embed` is the to-one embed that `relation` names. */
export interface PlanOrderTerm extends OrderTerm {
  embed?: EmbedNode;
}

/** One embedded resource, resolved: the relationship it follows and what it selects. */
export interface EmbedNode {
  /** The key it has in each row of the response: its alias, else its target. */
  name: string;
  /** Its join's alias in SQL, unique in the statement (`pgrst_e1`); its table's is `pgrst_t1`. */
  alias: string;
  table: string;
  rel: Relationship;
  join: 'inner' | 'left';
  columns: SelectItem[] | '*';
  where: PlanLogicTree[];
  order: PlanOrderTerm[];
  range: Range;
  embeds: EmbedNode[];
  /** `books()`: joined (to filter with `!inner` or `books=not.is.null`), never in the response. */
  empty: boolean;
  /** A filter of the level above tests it for null (`books=not.is.null`). */
  nullFiltered: boolean;
  /** `...authors(name)`: its columns are the parent's (to-one embeds only). */
  spread: boolean;
}

/** What every statement of a request shares. */
export interface Common {
  schema: string;
  select: QueryParams['select'];
  singular: boolean;
  stripNulls: boolean;
}

/** GET/HEAD on a table or view. */
export interface ReadPlan extends Common {
  table: string;
  /** Embedded resources, joined in the same statement. */
  embeds: EmbedNode[];
  where: PlanLogicTree[];
  order: PlanOrderTerm[];
  range: Range;
  /** `Prefer: count=…`: the total of matching rows, in the same statement. */
  count: boolean;
  /** `count=estimated` counts at most this many rows exactly (PostgREST's limitedQuery). */
  countLimit?: number;
  /** HEAD: the body is never sent, so it is never built. */
  headersOnly: boolean;
}

export interface MutationBase extends Common {
  table: string;
  /** What the response needs back: nothing, the `select` columns, or the primary key (Location). */
  returning: ResponseShape['returning'];
  primaryKey: string[];
  /** Embedded resources of the returned rows, joined to them. */
  embeds?: EmbedNode[];
}

export interface InsertPlan extends MutationBase {
  /** The JSON array of rows, as text; PostgreSQL parses it (json_to_recordset). */
  body: string;
  /** Insert columns with their catalog types; empty inserts default rows. */
  columns: Column[];
  /** `Prefer: missing=default`: absent keys take the column default instead of NULL. */
  useDefaults: boolean;
  onConflict?: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' };
}

export interface UpdatePlan extends MutationBase {
  body: string;
  columns: Column[];
  where: PlanLogicTree[];
}

export interface DeletePlan extends MutationBase {
  where: PlanLogicTree[];
}

/**
 * How arguments reach the function: a JSON object body (typed by json_to_record, so JSON
 * arrays become PostgreSQL arrays), query-string values (cast from text), or the whole body
 * as the single unnamed json/jsonb parameter.
 */
export type CallArgs =
  | { kind: 'json'; body: string; params: FunctionParam[] }
  | { kind: 'query'; values: Array<[FunctionParam, string]> }
  | { kind: 'single'; body: string; param: FunctionParam };

export interface CallPlan extends Common {
  routine: Routine;
  args: CallArgs;
  where: LogicTree[];
  order: OrderTerm[];
  range: Range;
  count: boolean;
  headersOnly: boolean;
}

/** What the statement does (PostgREST's ActionPlan): one of these, as data. */
export type ActionPlan =
  | { kind: 'read'; plan: ReadPlan; explain: boolean }
  | { kind: 'insert'; plan: InsertPlan }
  | { kind: 'update'; plan: UpdatePlan }
  | { kind: 'delete'; plan: DeletePlan }
  | { kind: 'call'; plan: CallPlan };

/** A request's plan: what to run, how to run it, and what the response needs. */
export interface Plan {
  action: ActionPlan;
  /** GET/HEAD, and calls of stable or immutable functions, run in a read-only transaction. */
  readOnly: boolean;
  /** The result decides whether to commit (one object requested, max-affected): no auto-commit. */
  verifyBeforeCommit: boolean;
  response: ResponseShape;
  /** `Prefer: timezone=…`, set for the transaction as PostgREST does. */
  timezone?: string;
  /** Where it waits for a connection (lane.ts laneOf). */
  lane: Lane;
}

/** What the operator configures: `[api] max_rows` of supabase/config.toml (db-max-rows). */
export interface PlanOptions {
  maxRows?: number;
}
