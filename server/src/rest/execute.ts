import type pg from 'pg';
import type { Prepared } from '../lib/postgrest/prepare.ts';
import { verifyResult, type ResultRow } from '../lib/postgrest/response/render.ts';
import type { Identity } from './auth.ts';
import { asRole, type RoleContext } from '../db/as-role.ts';
import { rowsOf, type StatementResult } from '../db/pipeline.ts';

/** The request settings PostgREST sets besides role and claims (PreQuery.txVarQuery). */
export interface RequestSettings {
  method: string;
  path: string;
  headersJson: string;
  cookiesJson: string;
}

/** The schema and Supabase's db-extra-search-path. */
const SEARCH_PATH = '"public", "extensions"';

/**
 * Every transaction-local variable PostgREST's txVarQuery sets: the search path, then the role's
 * own settings (`ALTER ROLE … SET`, before the role as PostgREST orders them), then role and
 * claims, then the request. A read-only request also makes the transaction read-only
 * (PostgREST runs GET in a READ ONLY transaction: a write is 25006, 405).
 *
 * Each Execute of a pipeline starts its own statement timer from the setting in force, so the
 * main statement runs under the role's statement_timeout.
 */
function roleContext(
  identity: Identity,
  settings: RequestSettings,
  plan: Prepared,
  roleSettings: ReadonlyArray<[string, string]>,
): RoleContext {
  const request: Array<[string, string]> = [
    ['request.method', settings.method],
    ['request.path', settings.path],
    ['request.headers', settings.headersJson],
    ['request.cookies', settings.cookiesJson],
    ['transaction_read_only', plan.readOnly ? 'on' : 'off'],
  ];
  if (plan.timezone !== undefined) request.push(['timezone', plan.timezone]);
  return {
    role: identity.role,
    claims: identity.claimsJson,
    before: [['search_path', SEARCH_PATH], ...roleSettings],
    settings: request,
  };
}

export interface Executed {
  row: ResultRow;
  inserted: number | null;
  /** The planner's estimate of the rows counted (Prepared.explain), when asked for. */
  planned?: number;
}

/** "Plan Rows" of `EXPLAIN (FORMAT JSON)`, as PostgREST's decodeExplain reads it. */
function planRows(result: StatementResult | undefined): number | undefined {
  const [row] = result ? rowsOf(result) : [];
  const text = row?.['QUERY PLAN'];
  if (typeof text !== 'string') return undefined;
  const rows = (JSON.parse(text) as Array<{ Plan?: { 'Plan Rows'?: number } }>)[0]?.Plan?.[
    'Plan Rows'
  ];
  return typeof rows === 'number' ? rows : undefined;
}

function toExecuted(rows: Array<Record<string, string | null>>): Executed {
  const row = rows[0] as unknown as ResultRow & { response_inserted?: string | null };
  const inserted = row.response_inserted;
  return {
    row,
    inserted:
      inserted === undefined || inserted === null || inserted === '' ? null : Number(inserted),
  };
}

/**
 * Runs a plan as its role in ONE transaction on `client` (asRole, db/as-role.ts). Usually one
 * round trip: settings and statement pipelined before a single Sync (an implicit transaction).
 * When the result decides the outcome (one object requested, max-affected), the transaction is
 * explicit and a second round trip commits or rolls back. PostgreSQL errors are rethrown
 * untouched, for the caller to map. The role was checked against the schema cache (auth.ts) so
 * that a refused role is answered before any connection is taken; the REST pool logs in as
 * `authenticator`, so PostgreSQL refuses it again in any case.
 *
 * On the day-results benchmark four round trips (begin, set_config, query, commit) gave ~1,300
 * req/s at p99 117 ms, this one ~3,400-3,900 req/s at p99 25-35 ms.
 */
export async function execute(
  client: pg.PoolClient,
  identity: Identity,
  settings: RequestSettings,
  plan: Prepared,
  roleSettings: ReadonlyArray<[string, string]> = [],
): Promise<Executed> {
  const ctx = roleContext(identity, settings, plan, roleSettings);
  if (!plan.verifyBeforeCommit) {
    const statements = plan.explain ? [plan.statement, plan.explain] : [plan.statement];
    const [result, explained] = await asRole(client, ctx, statements);
    const executed = toExecuted(rowsOf(result!));
    if (plan.explain) executed.planned = planRows(explained);
    return executed;
  }
  return asRole(
    client,
    ctx,
    async (_client, [result]) => {
      const executed = toExecuted(rowsOf(result!));
      const failure = verifyResult(plan.response, executed.row);
      if (failure) throw failure;
      return executed;
    },
    { first: [plan.statement] },
  );
}
