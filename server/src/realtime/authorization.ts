import type pg from 'pg';
import type { Identity } from './visibility.ts';

/**
 * Realtime Authorization for private channels, decided by the policies on `realtime.messages`
 * in PostgreSQL as the caller, the way supabase/realtime's `Realtime.Tenants.Authorization`
 * does (ADR 008): never re-implemented here.
 *
 * - read: probe rows are inserted by the connection's own login (which owns or bypasses the
 *   table's row-level security), then selected back as the caller with `realtime.topic()` set;
 *   the caller may read the topic if its policies let it see a probe.
 * - write: the caller inserts a broadcast row; a policy violation (42501) means no.
 *
 * Both run in a transaction that is rolled back, so nothing is ever stored.
 */

/** Sets the caller's role, claims and topic, as realtime's `set_conn_config`. */
const SET_CALLER = `select case when pg_has_role('authenticator', $1, 'MEMBER') then set_config('role', $1, true) end as "role",
  set_config('realtime.topic', $2, true), set_config('request.jwt.claims', $3, true),
  set_config('request.jwt.claim.sub', $4, true), set_config('request.jwt.claim.role', $1, true)`;

async function asCaller<T>(
  pool: pg.Pool,
  identity: Identity,
  topic: string,
  before: (client: pg.PoolClient) => Promise<void>,
  check: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    await before(client);
    const sub = typeof identity.claims.sub === 'string' ? identity.claims.sub : '';
    const { rows } = await client.query<{ role: string | null }>(SET_CALLER, [
      identity.role,
      topic,
      JSON.stringify(identity.claims),
      sub,
    ]);
    // A role the authenticator may not become (a forged `postgres`) reads and writes nothing.
    if (rows[0]?.role !== identity.role) throw new Error('role not allowed');
    return await check(client);
  } finally {
    await client.query('rollback').catch((error: Error) => (broken = error));
    client.release(broken);
  }
}

/** Whether the caller may receive on the private topic (realtime's broadcast read policy). */
export async function canRead(pool: pg.Pool, identity: Identity, topic: string): Promise<boolean> {
  let probe = '';
  try {
    return await asCaller(
      pool,
      identity,
      topic,
      async (client) => {
        const { rows } = await client.query<{ id: string }>(
          `insert into "realtime"."messages" ("topic", "extension", "private") values ($1, 'broadcast', true) returning "id"`,
          [topic],
        );
        probe = rows[0]!.id;
      },
      async (client) => {
        const { rowCount } = await client.query(
          `select "id" from "realtime"."messages" where "id" = $1`,
          [probe],
        );
        return rowCount === 1;
      },
    );
  } catch {
    // realtime answers a policy that raises (or a role it cannot set) as Unauthorized.
    return false;
  }
}

/** Whether the caller may broadcast on the private topic (realtime's write policy). */
export async function canWrite(pool: pg.Pool, identity: Identity, topic: string): Promise<boolean> {
  try {
    return await asCaller(
      pool,
      identity,
      topic,
      async () => {},
      async (client) => {
        await client.query(
          `insert into "realtime"."messages" ("topic", "extension", "private") values ($1, 'broadcast', true)`,
          [topic],
        );
        return true;
      },
    );
  } catch {
    // 42501 (no policy lets it write) and any other failure: the broadcast is dropped.
    return false;
  }
}
