import pg from 'pg';
import {
  acquisitionTimeout,
  databaseClientError,
  databaseConnectionError,
} from '../lib/postgrest/response/errors.ts';
import type { Lane } from '../lib/postgrest/plan/lane.ts';
import type { Admission } from './admission.ts';

/** node-postgres' internals a cancel request needs (pg 8), as its own Client#cancel uses them. */
interface ClientInternals {
  processID: number | null;
  secretKey: number | null;
  host: string;
  port: number;
  connection: {
    on(event: 'error', fn: () => void): void;
    once(event: 'connect', fn: () => void): void;
    connect(port: number | string, host?: string): void;
    cancel(processID: number, secretKey: number): void;
  };
}

/**
 * Asks PostgreSQL to cancel what `client` runs now, with the protocol's CancelRequest on a
 * short-lived socket of its own (it takes no pool connection and no backend slot). The query
 * then fails with 57014 and the connection is dropped rather than reused, so a cancel that
 * arrives late can never hit the next request's query.
 */
function cancelRunningQuery(pool: pg.Pool, client: pg.PoolClient): void {
  const { processID, secretKey } = client as unknown as ClientInternals;
  if (processID === null || secretKey === null) return;
  const canceller = new pg.Client(pool.options) as unknown as ClientInternals;
  const con = canceller.connection;
  con.on('error', () => undefined);
  con.once('connect', () => con.cancel(processID, secretKey));
  if (canceller.host.startsWith('/')) con.connect(`${canceller.host}/.s.PGSQL.${canceller.port}`);
  else con.connect(canceller.port, canceller.host);
}

/**
 * Whether node-postgres itself failed (the connection was lost, refused, reset, timed out)
 * rather than PostgreSQL (an ErrorResponse, with SQLSTATE and severity), our own code (a
 * PostgrestError, with a status) or a bug (a TypeError and the like). The driver throws plain
 * Errors, or Node's system errors (with `errno`).
 */
function isDriverFailure(error: unknown): error is Error {
  if (!(error instanceof Error) || 'status' in error || 'severity' in error) return false;
  return error.constructor === Error && (!('code' in error) || 'errno' in error);
}

/** A driver failure as PostgREST's PGRST001 (503); anything else as it is. */
export function asClientError(error: unknown): unknown {
  return isDriverFailure(error) ? databaseClientError() : error;
}

/**
 * A connection from the pool. When pg-pool's own connectionTimeoutMillis ran out (behind the
 * admission's wait, which answers first as a rule) it is PostgREST's PGRST003.
 */
async function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  const asked = performance.now();
  try {
    return await pool.connect();
  } catch (error) {
    const limit = pool.options.connectionTimeoutMillis ?? 0;
    if (isDriverFailure(error) && limit > 0 && performance.now() - asked >= limit - 1) {
      throw acquisitionTimeout();
    }
    // PostgREST's ConnectionUsageError: whatever stopped the connection, it is 503, not the
    // SQLSTATE's status (57P03 "the database system is starting up" would be 500).
    throw databaseConnectionError(
      error instanceof Error && 'severity' in error ? error.message : null,
    );
  }
}

/**
 * Runs `fn` on a pool connection once the admission grants a slot. When the client hangs up
 * (`signal` aborts) its query is cancelled: a slow query never outlives its visitor.
 */
export async function withConnection<T>(
  pool: pg.Pool,
  admission: Admission,
  lane: Lane,
  signal: AbortSignal,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const leave = await admission.acquire(lane, signal);
  try {
    const client = await connect(pool);
    if (signal.aborted) {
      client.release();
      throw new Error('client went away before its query started');
    }
    let drop: Error | boolean = false;
    const onAbort = () => {
      drop = true;
      cancelRunningQuery(pool, client);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      return await fn(client);
    } catch (error) {
      // Errors without a SQLSTATE are the connection's own (it died, it timed out) or left it
      // in a state nobody should inherit: drop it. The driver's are answered PGRST001.
      if (error instanceof Error && !('code' in error) && !('status' in error)) drop = error;
      else if (isDriverFailure(error)) drop = error;
      throw asClientError(error);
    } finally {
      signal.removeEventListener('abort', onAbort);
      client.release(drop);
    }
  } finally {
    leave();
  }
}
