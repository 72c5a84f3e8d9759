import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../server/src/db/database.ts';
import { listMigrations } from '../../server/src/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../utils/database.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

/** Runs the stack's migrate path (bootstrap as superuser, migrations as `postgres`) with `sql` last. */
async function migrateWith(sql: string): Promise<Awaited<ReturnType<typeof prepareDatabase>>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-privilege-'));
  const db = await createTestDatabase();
  try {
    for (const migration of listMigrations())
      copyFileSync(migration.file, path.join(dir, path.basename(migration.file)));
    writeFileSync(path.join(dir, '29990101000000_extra.sql'), sql);
    return await prepareDatabase(db.url, 'UTC', { migrationsDir: dir });
  } finally {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('migrations run as a non-superuser postgres, as on hosted Supabase', () => {
  it.each([
    [
      'an untrusted extension',
      'create extension "file_fdw";',
      /permission denied to create extension/,
    ],
    [
      'making a role a superuser',
      `alter role "postgres" superuser;`,
      /permission denied to alter role/,
    ],
    [
      'an event trigger',
      `create function "public"."on_ddl"() returns event_trigger language plpgsql as 'begin end';
       create event trigger "on_ddl" on ddl_command_end execute function "public"."on_ddl"();`,
      /permission denied to create event trigger/,
    ],
    [
      'a function in the auth schema',
      `create function "auth"."mine"() returns int language sql as 'select 1';`,
      /permission denied for schema auth/,
    ],
    [
      'changing an auth table',
      `alter table "auth"."users" add column "extra" int;`,
      /must be owner of table users/,
    ],
    [
      'becoming GoTrue’s role',
      `set role "supabase_auth_admin"; delete from "auth"."schema_migrations";`,
      /permission denied to set role/,
    ],
  ])('fails on %s', async (_what, sql, message) => {
    await expect(migrateWith(sql)).rejects.toThrow(message);
  });

  it('may still write rows into auth.users, as the SQL editor and seeds do on hosted Supabase', async () => {
    const result = await migrateWith(
      `insert into "auth"."users" ("id", "email") values (gen_random_uuid(), 'seed@example.com');`,
    );
    expect(result.applied).toEqual(['29990101000000']);
  });
});

describe('who each pool logs in as', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.stop());

  const whoami = async (pool: pg.Pool) =>
    (
      await pool.query<{ user: string; super: boolean }>(
        `select current_user as "user", r."rolsuper" as "super"
           from "pg_catalog"."pg_roles" r where r."rolname" = current_user`,
      )
    ).rows[0];

  it('serves REST as authenticator, auth as supabase_auth_admin, realtime and the owner as their roles: none a superuser', async () => {
    const { pools } = stack.context;
    expect(await whoami(pools.rest)).toEqual({ user: 'authenticator', super: false });
    expect(await whoami(pools.auth)).toEqual({ user: 'supabase_auth_admin', super: false });
    expect(await whoami(pools.realtime)).toEqual({ user: 'supabase_realtime_admin', super: false });
    expect(await whoami(pools.owner)).toEqual({ user: 'postgres', super: false });
  });

  it('keeps the REST role away from auth tables and the change capture it has no business in', async () => {
    const denied = (sql: string) =>
      stack.context.pools.rest.query(sql).then(
        () => 'allowed',
        (error: { code?: string }) => error.code,
      );
    expect(await denied(`select 1 from "auth"."users"`)).toBe('42501');
    expect(await denied(`select 1 from "_realtime_local"."queued_changes"`)).toBe('42501');
    expect(await denied(`select 1 from "public"."lottery_results"`)).toBe('42501');
    expect(await denied(`set role "postgres"`)).toBe('42501');
    // Nor may the owner change the server's configuration (ALTER SYSTEM needs a superuser).
    expect(
      await stack.context.pools.owner.query(`alter system set "work_mem" = '8MB'`).then(
        () => 'allowed',
        (error: { code?: string }) => error.code,
      ),
    ).toBe('42501');
  });

  it('lets the API switch only to the API roles', async () => {
    const client = await stack.context.pools.rest.connect();
    try {
      await client.query(`set role "anon"`);
      const { rows } = await client.query(
        `select count(*)::int as "n" from "public"."lottery_settings"`,
      );
      expect(rows).toEqual([{ n: 1 }]);
      await client.query('reset role');
    } finally {
      client.release();
    }
  });
});

describe('role passwords', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('are the same for every stack on one server, so no start breaks another’s connections', async () => {
    const first = await prepareDatabase(db.url, 'UTC');
    const second = await prepareDatabase(db.url, 'UTC');
    expect(second.urls).toEqual(first.urls);
    expect(new URL(first.urls.rest).password).not.toBe(new URL(db.url).password);
    const client = new pg.Client({ connectionString: first.urls.rest });
    await client.connect();
    await client.end();
  });
});
