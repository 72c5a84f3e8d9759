import type pg from 'pg';
import type { Plan } from '../lib/postgrest/plan.ts';
import { verifyResult, type ResultRow } from '../lib/postgrest/response.ts';
import type { Statement } from '../lib/postgrest/sql.ts';
import type { Identity } from './auth.ts';
import { rowsOf, runPipeline } from '../db/pipeline.ts';

/** The request settings PostgREST sets besides role and claims (PreQuery.txVarQuery). */
export interface RequestSettings {
  method: string;
  path: string;
  headersJson: string;
  cookiesJson: string;
}

/**
 * One statement sets every transaction-local variable, as PostgREST's txVarQuery: the search
 * path, then the role's own settings (`ALTER ROLE … SET`, before the role as PostgREST orders
 * them), then role and claims, then the request. A read-only request also makes the
 * transaction read-only (PostgREST runs GET in a READ ONLY transaction: a write is 25006, 405).
 *
 * Each Execute of a pipeline starts its own statement timer from the setting in force, so the
 * main statement runs under the role's statement_timeout.
 */
function txVarsText(roleSettings: number): string {
  const settings = Array.from(
    { length: roleSettings },
    (_, i) => `set_config($${10 + 2 * i}, $${11 + 2 * i}, true), `,
  ).join('');
  return (
    `select set_config('search_path', $1, true), ${settings}set_config('role', $2, true), ` +
    "set_config('request.jwt.claims', $3, true), set_config('request.method', $4, true), " +
    "set_config('request.path', $5, true), set_config('request.headers', $6, true), " +
    "set_config('request.cookies', $7, true), set_config('transaction_read_only', $8, true), " +
    "set_config('timezone', coalesce($9, current_setting('timezone')), true)"
  );
}

const TX_VARS: string[] = [];
const txVarsFor = (n: number) => (TX_VARS[n] ??= txVarsText(n));

/** The schema and Supabase's db-extra-search-path. */
const SEARCH_PATH = '"public", "extensions"';

function txVars(
  identity: Identity,
  settings: RequestSettings,
  plan: Plan,
  roleSettings: ReadonlyArray<[string, string]>,
): Statement {
  return {
    text: txVarsFor(roleSettings.length),
    values: [
      SEARCH_PATH,
      identity.role,
      identity.claimsJson,
      settings.method,
      settings.path,
      settings.headersJson,
      settings.cookiesJson,
      plan.readOnly ? 'on' : 'off',
      plan.timezone ?? null,
      ...roleSettings.flat(),
    ],
  };
}

export interface Executed {
  row: ResultRow;
  inserted: number | null;
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
 * Runs a plan as its role in ONE transaction on `client`. Usually one round trip: settings and
 * statement pipelined before a single Sync (an implicit transaction). When the result decides
 * the outcome (one object requested, max-affected), the transaction is explicit and a second
 * round trip commits or rolls back. PostgreSQL errors are rethrown untouched, for the caller
 * to map.
 *
 * This is withRole's contract (server/src/db/with-role.ts: role, claims, request settings, one
 * transaction; the authenticator-membership check is done from the schema cache in auth.ts)
 * without its four round trips (begin, set_config, query, commit): on the day-results benchmark
 * withRole gave ~1,300 req/s at p99 117 ms, this ~3,400-3,900 req/s at p99 25-35 ms.
 */
export async function execute(
  client: pg.PoolClient,
  identity: Identity,
  settings: RequestSettings,
  plan: Plan,
  roleSettings: ReadonlyArray<[string, string]> = [],
): Promise<Executed> {
  const vars = txVars(identity, settings, plan, roleSettings);
  if (!plan.verifyBeforeCommit) {
    const results = await runPipeline(client, [vars, plan.statement]);
    return toExecuted(rowsOf(results[1]!));
  }
  let executed: Executed;
  try {
    const results = await runPipeline(client, [
      { text: 'begin', values: [] },
      vars,
      plan.statement,
    ]);
    executed = toExecuted(rowsOf(results[2]!));
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  const failure = verifyResult(plan.response, executed.row);
  await client.query(failure ? 'rollback' : 'commit');
  if (failure) throw failure;
  return executed;
}
