import type pg from 'pg';
import { asRole } from '../db/as-role.ts';
import { rowsOf } from '../db/pipeline.ts';

// PostgreSQL cancels a served-page read that runs longer (each is one index range: it never should).
const STATEMENT_TIMEOUT = '500ms';

const ANON = {
  role: 'anon',
  claims: '{"role":"anon"}',
  before: [
    ['search_path', '"public", "extensions"'],
    ['statement_timeout', STATEMENT_TIMEOUT],
  ] as const,
};

/**
 * One statement as `anon`, exactly as the REST API reads for a visitor: row-level security decides
 * what the served HTML may carry (ADR 003). On a connection logged in as `authenticator` this is
 * one round trip (db/as-role.ts). A connection that broke (not a PostgreSQL error) is discarded.
 */
export async function readAsAnon<Row>(
  pool: pg.Pool,
  statement: { text: string; values: string[] },
): Promise<Row[]> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const [result] = await asRole(client, ANON, [statement]);
    return rowsOf(result!) as Row[];
  } catch (error) {
    if (error instanceof Error && !('code' in error)) broken = error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Every connection is taken: a served-page read would queue behind the visitors' REST requests. */
export const poolIsBusy = (pool: pg.Pool) =>
  pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10);
