import type pg from 'pg';
import type { Statement } from '../lib/postgrest/query/sql.ts';
import { rowsOf, runPipeline, type StatementResult } from './pipeline.ts';
import { LOGIN_ROLES } from './roles.ts';
import { type Db, transaction, type TransactionOptions } from './transaction.ts';

type Settings = ReadonlyArray<readonly [string, string]>;

export interface RoleContext {
  role: string;
  /** `request.jwt.claims`: the JWT's claims, or their JSON when the caller has it already. */
  claims: Record<string, unknown> | string;
  /**
   * Set before the role, in this order: PostgREST sets the search path and then the role's own
   * `ALTER ROLE … SET` settings, so a role's statement_timeout holds for its statement.
   */
  before?: Settings;
  /** Set after role and claims, e.g. `request.method`, `request.headers`, `realtime.topic`. */
  settings?: Record<string, string> | Settings;
}

/** PostgREST's login role, the only one a JWT's role may be reached from (ADR 010). */
const AUTHENTICATOR = LOGIN_ROLES.rest;

/** The error PostgreSQL raises when `authenticator` may not switch to a JWT's role. */
function cannotSetRole(role: string): Error {
  return Object.assign(new Error(`permission denied to set role "${role}"`), {
    code: '42501',
    severity: 'ERROR',
  });
}

/**
 * A connection logged in as `authenticator` (the REST pool) is limited by PostgreSQL itself: it
 * cannot become a role outside its grants (42501) or one that does not exist (22023), so the
 * role is simply set. Any other login (tests, Realtime) may become more, so the role is set only
 * if `authenticator` could become it, and the caller is told when it was not.
 */
const enforcedByLogin = (db: Db): boolean =>
  !('totalCount' in db) && (db as { user?: string }).user === AUTHENTICATOR;

const texts = new Map<string, string>();

/** One statement sets everything, as PostgREST's txVarQuery: `set_config(…, true)` each. */
function roleText(before: number, after: number, checked: boolean): string {
  const key = `${before}:${after}:${checked}`;
  let text = texts.get(key);
  if (text === undefined) {
    const set = (at: number) => `set_config($${at}, $${at + 1}, true)`;
    const role = checked
      ? `case when pg_has_role('${AUTHENTICATOR}', $1, 'MEMBER') then set_config('role', $1, true) end`
      : `set_config('role', $1, true)`;
    const first = Array.from({ length: before }, (_, i) => `${set(3 + 2 * i)}, `).join('');
    const rest = Array.from({ length: after }, (_, i) => `, ${set(3 + 2 * (before + i))}`);
    text = `select ${first}${role} as "role", set_config('request.jwt.claims', $2, true)${rest.join('')}`;
    texts.set(key, text);
  }
  return text;
}

function roleStatement(ctx: RoleContext, checked: boolean): Statement {
  const before = ctx.before ?? [];
  const after = Array.isArray(ctx.settings) ? ctx.settings : Object.entries(ctx.settings ?? {});
  const claims = typeof ctx.claims === 'string' ? ctx.claims : JSON.stringify(ctx.claims);
  return {
    text: roleText(before.length, after.length, checked),
    values: [ctx.role, claims, ...before.flat(), ...after.flat()],
  };
}

function assertBecame(result: StatementResult | undefined, role: string): void {
  if (rowsOf(result ?? { fields: [], rows: [] })[0]?.role !== role) throw cannotSetRole(role);
}

/**
 * Inside a transaction the caller opened: from here on the connection is `ctx.role` with its
 * claims, until the transaction ends. For work that must happen as the login first (Realtime's
 * authorization probes); otherwise use `asRole`.
 */
export async function becomeRole(client: pg.ClientBase, ctx: RoleContext): Promise<void> {
  const checked = !enforcedByLogin(client);
  const [result] = await runPipeline(client, [roleStatement(ctx, checked)]);
  if (checked) assertBecame(result, ctx.role);
}

/**
 * The one run-as-role: a transaction (db/transaction.ts) in which the connection is `ctx.role`
 * with its JWT claims and request settings, set transaction-locally as PostgREST does, so
 * grants and row-level security apply as on Supabase. pg errors are rethrown untouched.
 *
 * - `asRole(db, ctx, statements)`: on a connection logged in as `authenticator`, ONE round trip
 *   (settings and statements pipelined before one Sync, an implicit transaction); elsewhere the
 *   role is checked before the statements run. Resolves to the statements' results.
 * - `asRole(db, ctx, body, options)`: BEGIN and the settings in one round trip (with
 *   `options.first` too where the login enforces the role), then the body, then COMMIT.
 */
export function asRole(
  db: Db,
  ctx: RoleContext,
  statements: Statement[],
): Promise<StatementResult[]>;
export function asRole<T>(
  db: Db,
  ctx: RoleContext,
  body: (client: pg.ClientBase, first: StatementResult[]) => Promise<T>,
  options?: TransactionOptions,
): Promise<T>;
export async function asRole<T>(
  db: Db,
  ctx: RoleContext,
  work: Statement[] | ((client: pg.ClientBase, first: StatementResult[]) => Promise<T>),
  options: TransactionOptions = {},
): Promise<T | StatementResult[]> {
  const checked = !enforcedByLogin(db);
  const setRole = roleStatement(ctx, checked);
  if (Array.isArray(work)) {
    if (!checked) return (await transaction(db, [setRole, ...work])).slice(1);
    return asRole(db, ctx, (client) => runPipeline(client, work));
  }
  if (!checked) {
    const first = [setRole, ...(options.first ?? [])];
    return transaction(db, (client, results) => work(client, results.slice(1)), {
      ...options,
      first,
    });
  }
  return transaction(
    db,
    async (client, [result]) => {
      assertBecame(result, ctx.role);
      const first = options.first?.length ? await runPipeline(client, options.first) : [];
      return work(client, first);
    },
    { end: options.end, first: [setRole] },
  );
}
