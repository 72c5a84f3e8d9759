import { invalidBody, notSupported } from './response/errors.ts';
import type { Lane } from './plan/lane.ts';
import type { Statement } from './sql.ts';
import type { ResponseShape } from './response/shape.ts';
import type { QueryParams } from './types.ts';

export type Headers = Record<string, string | string[] | undefined>;

export interface RestRequest {
  method: string;
  resource: { kind: 'table' | 'rpc'; name: string };
  /** The raw query string, without `?`. */
  query: string;
  headers: Headers;
  body: string | undefined;
}

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

export const EXPOSED_SCHEMAS = ['public'];

export function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Only JSON bodies: PostgREST's CSV and form bodies are not implemented here. */
export function checkContentType(headers: Headers): void {
  const type = (header(headers, 'content-type') ?? 'application/json')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type === 'application/json' || type === '') return;
  if (type === 'text/csv' || type === 'application/x-www-form-urlencoded')
    throw notSupported(`A ${type} request body`);
  throw invalidBody(`Content-Type not acceptable: ${type}`);
}

/** What every compiled statement of a request shares. */
export interface Common {
  schema: string;
  select: QueryParams['select'];
  singular: boolean;
  stripNulls: boolean;
}
