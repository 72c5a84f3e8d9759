import type { Statement } from '../query/sql.ts';
import type { QueryParams } from '../request/types.ts';
import type { ResponseShape } from '../response/shape.ts';
import type { Lane } from './lane.ts';

export interface Plan {
  statement: Statement;
  /**
   * `EXPLAIN (FORMAT JSON)` of the rows a read counts, run after the statement in the same
   * transaction for `count=planned` and `count=estimated`, as PostgREST's mqExplain.
   */
  explain?: Statement;
  /** GET/HEAD, and calls of stable or immutable functions, run in a read-only transaction. */
  readOnly: boolean;
  /** The result decides whether to commit (one object requested, max-affected): no auto-commit. */
  verifyBeforeCommit: boolean;
  response: ResponseShape;
  /** `Prefer: timezone=…`, set for the transaction as PostgREST does. */
  timezone?: string;
  /** Where it waits for a connection (limits.ts laneOf); set by the planner. */
  lane?: Lane;
}

/** What every compiled statement of a request shares. */
export interface Common {
  schema: string;
  select: QueryParams['select'];
  singular: boolean;
  stripNulls: boolean;
}
