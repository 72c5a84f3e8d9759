import type pg from 'pg';
import type { Statement } from '../lib/postgrest/query/sql.ts';
import { runPipeline, type StatementResult } from './pipeline.ts';

/** A pool (a connection is taken and given back) or a connection the caller holds. */
export type Db = pg.Pool | pg.ClientBase;
/** Anything that runs one query: a pool or a client (inside or outside a transaction). */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.ClientBase, 'query'>;

export interface TransactionOptions {
  /**
   * Statements sent with BEGIN in the same round trip (settings, the main statement); their
   * results are handed to the body. An error in one skips the rest and the body.
   */
  first?: Statement[];
  /** `rollback`: the transaction only asks (a policy probe), so nothing it writes is kept. */
  end?: 'commit' | 'rollback';
}

const BEGIN: Statement = { text: 'begin', values: [] };

type Body<T> = (client: pg.ClientBase, first: StatementResult[]) => Promise<T>;

const isPool = (db: Db): db is pg.Pool => 'totalCount' in db;

/**
 * The one way the stack opens a transaction. Two shapes, both on the pipeline driver:
 *
 * - `transaction(db, statements)`: the whole transaction is known in advance, so it is ONE round
 *   trip: the statements are pipelined before a single Sync, which PostgreSQL runs as one
 *   implicit transaction (committed at the Sync, rolled back entirely by an error). The REST
 *   hot path depends on this.
 * - `transaction(db, body, options)`: BEGIN (pipelined with `options.first`), the body, then
 *   COMMIT, or ROLLBACK if the body throws or `options.end` says so.
 *
 * PostgreSQL's errors are rethrown untouched, for each API to map by SQLSTATE. A connection
 * taken from a pool that cannot even roll back is dropped, not reused; on a connection the
 * caller holds, that failure is what is thrown, so the caller drops it.
 */
export function transaction(db: Db, statements: Statement[]): Promise<StatementResult[]>;
export function transaction<T>(db: Db, body: Body<T>, options?: TransactionOptions): Promise<T>;
export async function transaction<T>(
  db: Db,
  work: Statement[] | Body<T>,
  options: TransactionOptions = {},
): Promise<T | StatementResult[]> {
  if (Array.isArray(work)) return withClient(db, (client) => runPipeline(client, work));
  return withClient(db, async (client, broken) => {
    try {
      const first = await runPipeline(client, [BEGIN, ...(options.first ?? [])]);
      const result = await work(client, first.slice(1));
      await client.query(options.end === 'rollback' ? 'rollback' : 'commit');
      return result;
    } catch (error) {
      // After a failed COMMIT there is nothing left to roll back; PostgreSQL only warns.
      await client.query('rollback').catch(broken);
      throw error;
    }
  });
}

/** Runs `fn` on `db`'s connection; `broken` marks it unfit for reuse. */
async function withClient<T>(
  db: Db,
  fn: (client: pg.ClientBase, broken: (error: Error) => void) => Promise<T>,
): Promise<T> {
  if (!isPool(db)) {
    return fn(db, (error) => {
      throw error;
    });
  }
  const client = await db.connect();
  let unfit: Error | undefined;
  try {
    return await fn(client, (error) => {
      unfit = error;
    });
  } finally {
    client.release(unfit);
  }
}
