import pg from 'pg';
import type { LoginRole, RoleUrls } from './roles.ts';

export type Pools = Record<LoginRole, pg.Pool> & { end(): Promise<void> };

/**
 * Connections per service. REST serves the most requests; realtime checks visibility per change;
 * auth hashes passwords in Node and holds a connection only briefly; the owner pool seeds and
 * serves the admin CLI. Separate pools mean a flood of one kind of request queues behind its own
 * pool only: sign-ins and live updates keep their connections while REST is saturated.
 */
export const DEFAULT_POOL_SIZES: Readonly<Record<LoginRole, number>> = {
  rest: 20,
  realtime: 6,
  auth: 4,
  owner: 2,
};

/**
 * How long a request may wait for a connection before it is refused rather than queued forever.
 * PostgREST's default `db-pool-acquisition-timeout` is 10 s (answered 504 PGRST003).
 */
export const ACQUIRE_TIMEOUT_MS = 10_000;

/**
 * Connections the stack opens outside the pools: the change listener, REST's schema listener and
 * the served pages' results listener.
 */
const LISTENERS = 3;

/**
 * Pool sizes within the server's limit: at most half of what non-superusers may open, leaving the
 * rest to other clients (psql, a second stack, the SQL editor). Over budget, every pool shrinks
 * in proportion, keeping at least one connection each.
 */
export function poolSizes(
  available: number,
  wanted: Readonly<Record<LoginRole, number>> = DEFAULT_POOL_SIZES,
): Record<LoginRole, number> {
  const budget = Math.max(4, Math.floor(available / 2) - LISTENERS);
  const total = Object.values(wanted).reduce((sum, n) => sum + n, 0);
  const scale = Math.min(1, budget / total);
  return Object.fromEntries(
    Object.entries(wanted).map(([key, n]) => [key, Math.max(1, Math.floor(n * scale))]),
  ) as Record<LoginRole, number>;
}

/** What non-superusers may open on this server (max_connections less the reserved slots). */
async function availableConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select current_setting('max_connections')::int
              - current_setting('superuser_reserved_connections')::int
              - coalesce(current_setting('reserved_connections', true)::int, 0) as "n"`,
    );
    return rows[0]?.n ?? 100;
  } finally {
    await client.end();
  }
}

/**
 * A pool this process does not open (a worker of `npm start` opens only its group's, ADR 017):
 * any use is a programming error, said plainly rather than as a connection to the wrong role.
 */
function notOpened(key: LoginRole): pg.Pool {
  return new Proxy({} as pg.Pool, {
    get(_target, property) {
      throw new Error(
        `the ${key} pool is not open in this process (asked for ${String(property)})`,
      );
    },
  });
}

/** One pool per login role, or only those in `only` (the others refuse any use). */
export async function createPools(
  urls: RoleUrls,
  only: readonly LoginRole[] = ['rest', 'auth', 'realtime', 'owner'],
  wanted: Readonly<Record<LoginRole, number>> = DEFAULT_POOL_SIZES,
): Promise<Pools> {
  const sizes = poolSizes(await availableConnections(urls.owner), wanted);
  const pool = (key: LoginRole) => {
    if (!only.includes(key)) return notOpened(key);
    const created = new pg.Pool({
      connectionString: urls[key],
      max: sizes[key],
      connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS,
      application_name: `lotto24 ${key}`,
    });
    // An idle client dies when the server stops or a test database is dropped; that is not fatal.
    created.on('error', () => undefined);
    // pg-pool listens for a client's errors only while it is idle. A checked-out client whose
    // server goes away between two queries (a shutdown, pg_terminate_backend) would emit an
    // 'error' nobody hears, and that throws: the worker died as PostgreSQL stopped under a cron
    // job. Its queries fail on their own; the event itself needs no answer.
    created.on('connect', (client) => client.on('error', () => undefined));
    return created;
  };
  const pools = {
    rest: pool('rest'),
    auth: pool('auth'),
    realtime: pool('realtime'),
    owner: pool('owner'),
  };
  let ended: Promise<void> | undefined;
  return {
    ...pools,
    end: () => (ended ??= Promise.all(only.map((key) => pools[key].end())).then(() => undefined)),
  };
}
