import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supabaseDir } from '../../server/src/config.ts';
import { createTestDatabase, type TestDatabase } from '../utils/database.ts';

// 20250601000900 on the bases it may meet (ADR 021): hosted with supautils.policy_grants (here the
// stand-in of server/sql/bootstrap/03-owners.sql), and a base where `postgres` may not manage
// policies on realtime.messages (the stand-in switched off), where 20250601000520 fails with
// 42501 "must be owner of table messages" as `supabase db push` does in supabase/cli#6116.

const read = (file: string) => readFileSync(path.join(supabaseDir, file), 'utf8');
const migration0520 = read('migrations/20250601000520_realtime_results_channel.sql');
const migration0900 = read('migrations/20250601000900_realtime_results_channel_policy.sql');
const snippet = read('snippets/realtime-results-policy.sql').replace(/^(begin|commit);$/gm, '');
const name = 'Visitors receive on the live results channel';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** One transaction, rolled back: `work` runs as the superuser unless it switches role. */
async function inTransaction(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await db.pool.connect();
  try {
    await client.query('begin');
    await work(client);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

/** Runs `sql` as postgres; resolves to the error it raised (code, message, hint), if any. */
async function asPostgres(client: pg.PoolClient, sql: string) {
  await client.query('savepoint "attempt"');
  await client.query('set local role "postgres"');
  try {
    await client.query(sql);
    await client.query('release savepoint "attempt"');
    return undefined;
  } catch (error) {
    await client.query('rollback to savepoint "attempt"');
    const { code, message, hint } = error as { code?: string; message: string; hint?: string };
    return { code, message, hint };
  } finally {
    await client.query('reset role');
  }
}

const policy = async (client: pg.PoolClient) =>
  (
    await client.query(
      `select "cmd", "roles"::text, "qual" from "pg_catalog"."pg_policies"
        where "schemaname" = 'realtime' and "tablename" = 'messages' and "policyname" = $1`,
      [name],
    )
  ).rows;

const wanted = [
  {
    cmd: 'SELECT',
    roles: '{anon,authenticated}',
    qual: "((extension = 'broadcast'::text) AND starts_with(realtime.topic(), 'results-live-'::text))",
  },
];

const withoutPolicyGrants = (client: pg.PoolClient) =>
  client.query(`alter event trigger "lotto24_policy_grants_start" disable`);

describe('20250601000900_realtime_results_channel_policy', () => {
  it('leaves the policy 20250601000520 made as it is', async () => {
    await inTransaction(async (client) => {
      expect(await policy(client)).toEqual(wanted);
      const oid = await client.query(
        `select "oid" from "pg_catalog"."pg_policy" where "polname" = $1`,
        [name],
      );
      expect(await asPostgres(client, migration0900)).toBeUndefined();
      expect(
        (
          await client.query(`select "oid" from "pg_catalog"."pg_policy" where "polname" = $1`, [
            name,
          ])
        ).rows,
      ).toEqual(oid.rows);
    });
  });

  it('recreates a missing or different policy where postgres may manage policies there', async () => {
    await inTransaction(async (client) => {
      await client.query(`drop policy ${client.escapeIdentifier(name)} on "realtime"."messages"`);
      expect(await asPostgres(client, migration0900)).toBeUndefined();
      expect(await policy(client)).toEqual(wanted);
      await client.query(
        `alter policy ${client.escapeIdentifier(name)} on "realtime"."messages" using (true)`,
      );
      expect(await asPostgres(client, migration0900)).toBeUndefined();
      expect(await policy(client)).toEqual(wanted);
    });
  });

  it('without policy grants: 0520 fails with 42501, 0900 says what to do, and passes once the snippet ran', async () => {
    await inTransaction(async (client) => {
      await withoutPolicyGrants(client);
      await client.query(`drop policy ${client.escapeIdentifier(name)} on "realtime"."messages"`);
      expect(await asPostgres(client, migration0520)).toMatchObject({
        code: '42501',
        message: 'must be owner of table messages',
      });
      const failed = await asPostgres(client, migration0900);
      expect(failed).toMatchObject({ code: '42501' });
      expect(failed?.message).toMatch(/may not manage policies on realtime\.messages/);
      expect(failed?.hint).toMatch(/supabase\/snippets\/realtime-results-policy\.sql/);
      // The operator runs the snippet as a role that may (here the superuser, as supabase_admin).
      await client.query(snippet);
      expect(await policy(client)).toEqual(wanted);
      expect(await asPostgres(client, migration0900)).toBeUndefined();
    });
  });

  it('says Realtime must create realtime.messages first where it does not exist', async () => {
    await inTransaction(async (client) => {
      await client.query(`alter table "realtime"."messages" rename to "messages_elsewhere"`);
      const failed = await asPostgres(client, migration0900);
      expect(failed).toMatchObject({ code: '42P01' });
      expect(failed?.hint).toMatch(/Realtime creates it/);
    });
  });
});
