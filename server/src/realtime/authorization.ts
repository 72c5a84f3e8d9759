import type pg from 'pg';
import { becomeRole } from '../db/as-role.ts';
import { transaction } from '../db/transaction.ts';
import type { Budget } from './budget.ts';
import type { QueueOwner } from './fair-queue.ts';
import type { Identity } from './visibility.ts';

/** Realtime's answer when its authorization checks are over their rate (Authorization.rate_counter). */
export class AuthorizationBusy extends Error {
  constructor() {
    super('IncreaseConnectionPool: Please increase your connection pool size');
  }
}

/**
 * Every policy check, wherever it comes from, is counted against the stack's rate of checks and
 * waits its turn in the fair queue for database work (ADR 018).
 */
export function budgeted<T>(
  budget: Budget,
  owner: QueueOwner,
  check: () => Promise<T>,
): Promise<T> {
  if (!budget.authorizations.take()) return Promise.reject(new AuthorizationBusy());
  return budget.queue.run(owner, check);
}

/**
 * Realtime Authorization for private channels, decided by the policies on `realtime.messages`
 * in PostgreSQL as the caller, the way supabase/realtime's `Realtime.Tenants.Authorization`
 * does (ADR 008): never re-implemented here.
 *
 * - read: probe rows are inserted by the connection's own login (which owns or bypasses the
 *   table's row-level security), then selected back as the caller with `realtime.topic()` set;
 *   the caller may read the topic if its policies let it see a probe.
 * - write: the caller inserts a broadcast row that stops before the heap (canWrite); a policy
 *   violation (42501) means no.
 *
 * Both run in a transaction that is rolled back, so nothing is ever stored. A read leaves one
 * small dead tuple per check, as realtime's does: the topic is bounded (LIMITS.topicBytes), each
 * answer is kept per socket, topic and token, and checks have a rate (ADR 018).
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

/**
 * Whether the caller may broadcast on the private topic (realtime's write policy), without
 * writing a row (ADR 018). realtime inserts a row as the caller and rolls it back, which leaves a
 * dead tuple (and, for a long topic, dead TOAST) per check. PostgreSQL checks an INSERT's row
 * level security WITH CHECK before the table's constraints and before the row reaches the heap
 * (ExecInsert in nodeModifyTable.c: ExecWithCheckOptions, then ExecConstraints, then
 * table_tuple_insert), so the probe row carries a null `id`: a policy that refuses it fails with
 * 42501 as realtime's insert would, and a policy that admits it reaches the not-null check on the
 * primary key (23502) and stops there. The answer is realtime's; no tuple is ever written. (A
 * policy would have to test the random `id` realtime gives its probe row to see a difference.)
 */
export async function canWrite(pool: pg.Pool, identity: Identity, topic: string): Promise<boolean> {
  try {
    return await asCaller(
      pool,
      identity,
      topic,
      async () => {},
      async (client) => {
        await client.query(
          `insert into "realtime"."messages" ("id", "topic", "extension", "private") values (null, $1, 'broadcast', true)`,
          [topic],
        );
        // A trigger gave the row an id: it was written (and is rolled back), and it was allowed.
        return true;
      },
    );
  } catch (error) {
    // 23502: the policies let the row through to the constraints. 42501 (no policy lets it
    // write) and any other failure: the broadcast is refused.
    return (error as { code?: string }).code === '23502';
  }
}
