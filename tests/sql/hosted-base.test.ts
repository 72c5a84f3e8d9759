import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supabaseDir } from '../../server/src/config.ts';
import { createTestDatabase, type TestDatabase } from '../utils/database.ts';
import { sqlState } from './helpers.ts';

// The local base as hosted Supabase has it in 2026 (ADR 021). Each test states hosted's value and
// where it comes from; supabase/postgres paths are under migrations/db/.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** Runs `work` as `postgres` (the role migrations run as) in a transaction that is rolled back. */
async function asPostgres<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.pool.connect();
  try {
    await client.query('begin');
    await client.query('set local role "postgres"');
    return await work(client);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

const roleSettings = async (role: string) =>
  (
    await db.pool.query<{ setconfig: string[] | null }>(
      `select s."setconfig" from "pg_catalog"."pg_db_role_setting" s
        where s."setrole" = $1::regrole and s."setdatabase" = 0`,
      [role],
    )
  ).rows[0]?.setconfig ?? [];

async function loadable(library: string): Promise<boolean> {
  const client = await db.pool.connect();
  try {
    await client.query(`load '${library}'`);
    return true;
  } catch {
    return false;
  } finally {
    client.release(true);
  }
}

describe('roles', () => {
  it('API roles inherit (20230529180330_alter_api_roles_for_inherit.sql)', async () => {
    const { rows } = await db.pool.query(
      `select "rolname", "rolinherit" from "pg_catalog"."pg_roles"
        where "rolname" in ('anon', 'authenticated', 'service_role') order by 1`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolinherit: true },
      { rolname: 'authenticated', rolinherit: true },
      { rolname: 'service_role', rolinherit: true },
    ]);
  });

  it('per-role timeouts: anon 3s, authenticated 8s (init-scripts/00000000000000-initial-schema.sql), authenticator 8s statement and lock (20221028101028, 20231130133139)', async () => {
    expect(await roleSettings('anon')).toContain('statement_timeout=3s');
    expect(await roleSettings('authenticated')).toContain('statement_timeout=8s');
    expect(await roleSettings('authenticator')).toEqual(
      expect.arrayContaining(['statement_timeout=8s', 'lock_timeout=8s']),
    );
    for (const role of ['service_role', 'postgres'])
      expect((await roleSettings(role)).filter((s) => s.includes('timeout'))).toEqual([]);
  });

  it('session_preload_libraries as hosted where this server can load the libraries, else none', async () => {
    // Hosted: authenticator 'supautils, safeupdate' (20260413000000_fix-authenticator-session-
    // preload-libraries.sql), anon and authenticated 'safeupdate' (20260130074514_load_disable_
    // pg_safeupdate.sql), postgres 'supautils, safeupdate' with safeupdate.enabled = 0
    // (20261010094800_postgres-role-safeupdate.sql). A library the server cannot load would make
    // every login as the role fail, so only loadable ones are set (embedded PostgreSQL: none).
    const hosted: Record<string, string[]> = {
      authenticator: ['supautils', 'safeupdate'],
      anon: ['safeupdate'],
      authenticated: ['safeupdate'],
      postgres: ['supautils', 'safeupdate'],
    };
    const available = {
      supautils: await loadable('supautils'),
      safeupdate: await loadable('safeupdate'),
    };
    for (const [role, libraries] of Object.entries(hosted)) {
      const local = libraries.filter((library) => available[library as keyof typeof available]);
      const setting = (await roleSettings(role)).find((s) =>
        s.startsWith('session_preload_libraries='),
      );
      expect(setting, role).toBe(
        local.length ? `session_preload_libraries=${local.join(', ')}` : undefined,
      );
    }
  });

  it("postgres's memberships are hosted's in 2026: API roles with admin option, pg_monitor, pg_read_all_data, pg_signal_backend; no service admin", async () => {
    // 20230201083204_grant_auth_roles_to_postgres, 20250605172253_grant_with_admin_to_postgres_16_
    // and_above, 20230306081037_grant_pg_monitor_to_postgres, 20240606060239_grant_predefined_
    // roles_to_postgres; 20250421084701_revoke_admin_roles_from_postgres revokes supabase_auth_admin,
    // supabase_storage_admin and supabase_realtime_admin (so does supabase/realtime's tenant
    // migration 20260707120000_restrict_realtime_schema).
    const { rows } = await db.pool.query(
      `select m."roleid"::regrole::text as "role", m."admin_option" as "admin"
         from "pg_catalog"."pg_auth_members" m where m."member" = 'postgres'::regrole order by 1`,
    );
    expect(rows).toEqual([
      { role: 'anon', admin: true },
      { role: 'authenticated', admin: true },
      { role: 'pg_monitor', admin: false },
      { role: 'pg_read_all_data', admin: false },
      { role: 'pg_signal_backend', admin: false },
      { role: 'service_role', admin: true },
    ]);
  });
});

describe('auth helpers, as supabase/auth defines them', () => {
  // supabase/auth migrations/20220224000811_update_auth_functions.up.sql (uid, role, email) and
  // 20220531120530_add_auth_jwt_function.up.sql (jwt): no search_path (the 20240624145325 one was
  // reverted, supabase/auth#1634), language sql, stable.
  const claim = (name: string, cast: string) => `
  select 
  coalesce(
    nullif(current_setting('request.jwt.claim.${name}', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> '${name}')
  )::${cast}
`;
  const bodies: Record<string, string> = {
    uid: claim('sub', 'uuid'),
    role: claim('role', 'text'),
    email: claim('email', 'text'),
    jwt: `
  select 
    coalesce(
        nullif(current_setting('request.jwt.claim', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
`,
  };

  it('auth.uid(), auth.role(), auth.email(), auth.jwt(): same body, no settings, stable sql', async () => {
    const { rows } = await db.pool.query<{
      name: string;
      body: string;
      config: string[] | null;
      volatility: string;
      language: string;
      definer: boolean;
    }>(
      `select p."proname" as "name", p."prosrc" as "body", p."proconfig" as "config",
              p."provolatile" as "volatility", l."lanname" as "language", p."prosecdef" as "definer"
         from "pg_catalog"."pg_proc" p join "pg_catalog"."pg_language" l on l."oid" = p."prolang"
        where p."pronamespace" = 'auth'::regnamespace and p."proname" in ('uid', 'role', 'email', 'jwt')`,
    );
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.body, row.name).toBe(bodies[row.name]);
      expect(row, row.name).toMatchObject({
        config: null,
        volatility: 's',
        language: 'sql',
        definer: false,
      });
    }
  });
});

describe('realtime, as supabase/realtime leaves it (20260707120000_restrict_realtime_schema)', () => {
  it('postgres: usage on the schema with grant option, no create; messages owned by the realtime admin', async () => {
    const { rows } = await db.pool.query(
      `select has_schema_privilege('postgres', 'realtime', 'USAGE WITH GRANT OPTION') as "usage",
              has_schema_privilege('postgres', 'realtime', 'CREATE') as "create",
              (select c."relowner"::regrole::text from "pg_catalog"."pg_class" c
                where c."oid" = 'realtime.messages'::regclass) as "owner",
              has_table_privilege('postgres', 'realtime.messages', 'SELECT, INSERT, UPDATE') as "rows"`,
    );
    expect(rows).toEqual([
      { usage: true, create: false, owner: 'supabase_realtime_admin', rows: true },
    ]);
  });

  it('postgres may manage policies on realtime.messages (supautils.policy_grants), nothing else there', async () => {
    await asPostgres(async (client) => {
      await client.query(
        `create policy "probe" on "realtime"."messages" for select to "anon" using (false)`,
      );
      await client.query(`alter policy "probe" on "realtime"."messages" using (true)`);
      await client.query(`drop policy "probe" on "realtime"."messages"`);
      const owner = await client.query(
        `select c."relowner"::regrole::text as "owner" from "pg_catalog"."pg_class" c
          where c."oid" = any (array['realtime.messages', 'auth.users']::regclass[]) order by 1`,
      );
      // Handed back after each statement.
      expect(owner.rows).toEqual([
        { owner: 'supabase_auth_admin' },
        { owner: 'supabase_realtime_admin' },
      ]);
    });
    expect(
      await sqlState(
        asPostgres((client) =>
          client.query(`alter table "realtime"."messages" add column "x" int`),
        ),
      ),
    ).toBe('42501');
    // A table not in hosted's list: 42501, as without supautils.
    expect(
      await sqlState(
        asPostgres((client) =>
          client.query(`create policy "probe" on "cron"."job" for select using (true)`),
        ),
      ),
    ).toBe('42501');
  });

  it('a failed policy statement leaves the owners as they were', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('set role "postgres"');
      await expect(
        client.query(`create policy "bad" on "realtime"."messages" using (no_such_column)`),
      ).rejects.toThrow();
      await client.query('reset role');
      const { rows } = await client.query(
        `select c."relowner"::regrole::text as "owner" from "pg_catalog"."pg_class" c
          where c."oid" = 'realtime.messages'::regclass`,
      );
      expect(rows).toEqual([{ owner: 'supabase_realtime_admin' }]);
    } finally {
      client.release(true);
    }
  });
});

describe('cron, as pg_cron on hosted', () => {
  it('postgres reads cron.job (with grant option) and writes it only through the functions (20231020085357_revoke_writes_on_cron_job_from_postgres.sql)', async () => {
    const { rows } = await db.pool.query(
      `select has_table_privilege('postgres', 'cron.job', 'SELECT WITH GRANT OPTION') as "read",
              has_table_privilege('postgres', 'cron.job', 'INSERT, UPDATE, DELETE') as "write"`,
    );
    expect(rows).toEqual([{ read: true, write: false }]);
  });

  it('cron.unschedule(bigint) exists as in pg_cron 1.0, and the schedule-draws snippet runs as postgres', async () => {
    const snippet = readFileSync(path.join(supabaseDir, 'snippets', 'schedule-draws.sql'), 'utf8');
    await asPostgres(async (client) => {
      await client.query(snippet);
      await client.query(snippet); // again: still one job
      const jobs = await client.query(
        `select "jobname", "schedule", "username" from "cron"."job" where "jobname" = 'lotto24-draws'`,
      );
      expect(jobs.rows).toEqual([
        { jobname: 'lotto24-draws', schedule: '10 seconds', username: 'postgres' },
      ]);
      const id = await client.query<{ jobid: string }>(
        `select "jobid" from "cron"."job" where "jobname" = 'lotto24-draws'`,
      );
      const gone = await client.query(`select "cron"."unschedule"($1::bigint) as "ok"`, [
        id.rows[0]!.jobid,
      ]);
      expect(gone.rows).toEqual([{ ok: true }]);
      await client.query('savepoint "again"');
      // pg_cron: "could not find valid entry for job …"
      await expect(
        client.query(`select "cron"."unschedule"($1::bigint)`, [id.rows[0]!.jobid]),
      ).rejects.toThrow(/could not find valid entry for job/);
      await client.query('rollback to savepoint "again"');
    });
  });
});
