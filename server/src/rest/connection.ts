import pg from 'pg';
import type { Lane } from '../lib/postgrest/limits.ts';
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
    // pg-pool's own connectionTimeoutMillis, if set, is mapped to PGRST003 by the error handler.
    const client = await pool.connect();
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
      // Errors without a SQLSTATE are the connection's own (it died, it timed out): drop it.
      if (error instanceof Error && !('code' in error) && !('status' in error)) drop = error;
      throw error;
    } finally {
      signal.removeEventListener('abort', onAbort);
      client.release(drop);
    }
  } finally {
    leave();
  }
}
