import type pg from 'pg';
import { becomeRole } from '../db/as-role.ts';
import { transaction } from '../db/transaction.ts';
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

/**
 * `before` runs as the connection's login, then `check` as the caller with realtime's
 * `set_conn_config` settings (role, claims, topic), in one transaction that is always rolled back.
 * A role the authenticator may not become (a forged `postgres`) fails, so reads and writes nothing.
 */
function asCaller<T>(
  pool: pg.Pool,
  identity: Identity,
  topic: string,
  before: (client: pg.ClientBase) => Promise<void>,
  check: (client: pg.ClientBase) => Promise<T>,
): Promise<T> {
  const sub = typeof identity.claims.sub === 'string' ? identity.claims.sub : '';
  return transaction(
    pool,
    async (client) => {
      await before(client);
      await becomeRole(client, {
        role: identity.role,
        claims: identity.claims,
        settings: [
          ['realtime.topic', topic],
          ['request.jwt.claim.sub', sub],
          ['request.jwt.claim.role', identity.role],
        ],
      });
      return check(client);
    },
    { end: 'rollback' },
  );
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
