import type pg from 'pg';

export interface RoleContext {
  role: string;
  claims: Record<string, unknown>;
  /** More transaction-local settings, e.g. `request.method`, `request.path`, `request.headers`. */
  settings?: Record<string, string>;
}

/** The error PostgreSQL raises when PostgREST's authenticator may not switch to a JWT's role. */
function cannotSetRole(role: string): Error {
  return Object.assign(new Error(`permission denied to set role "${role}"`), {
    code: '42501',
    severity: 'ERROR',
  });
}

/**
 * Runs `fn` in one transaction as PostgREST runs a request: the JWT's role and claims are set
 * with `set_config(…, true)` (transaction-local), so row-level security and grants apply as on
 * Supabase. pg errors are rethrown untouched: callers map their SQLSTATEs.
 *
 * The stack's REST pool logs in as `authenticator`, like PostgREST (ADR 010), so PostgreSQL itself
 * refuses any other role; tests and realtime log in as roles that may become more, so the role is
 * switched only if `authenticator` could switch to it (a JWT claiming `postgres` gets 42501, an
 * unknown role 42704, as from PostgREST).
 */
export async function withRole<T>(
  pool: pg.Pool,
  ctx: RoleContext,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const entries: Array<[string, string]> = [
    ['request.jwt.claims', JSON.stringify(ctx.claims)],
    ...Object.entries(ctx.settings ?? {}),
  ];
  const calls = entries.map((_, i) => `set_config($${2 * i + 2}, $${2 * i + 3}, true)`);
  const sql = `select case when pg_has_role('authenticator', $1, 'MEMBER') then set_config('role', $1, true) end as "role", ${calls.join(', ')}`;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const { rows } = await client.query<{ role: string | null }>(sql, [
      ctx.role,
      ...entries.flat(),
    ]);
    if (rows[0]?.role !== ctx.role) throw cannotSetRole(ctx.role);
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    // A connection that cannot even roll back is not fit for the next request.
    client.release(broken);
  }
}
