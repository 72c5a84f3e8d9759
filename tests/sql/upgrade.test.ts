import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { supabaseDir } from '../../server/src/config.ts';
import type { RoleContext } from '../../server/src/db/as-role.ts';
import { prepareDatabase } from '../../server/src/db/database.ts';
import { createTestDatabase, type TestDatabase } from '../utils/database.ts';
import { anon, as, createAdmin, pastDate } from './helpers.ts';
import {
  commitsOf,
  historyUnavailable,
  migrationsAt,
  parseChecksums,
  resolve,
  showAt,
} from './migration-history.ts';
import { catalog } from './upgrade-catalog.ts';
import { allow } from '../utils/load-factor.ts';

// A project that applied the migrations as they were at an earlier commit, then `supabase db push`
// of today's: only the versions it has not applied run (server/src/db/migrate.ts does the same,
// like `db push --include-all`). Afterwards its schema must be exactly a fresh database's
// (ADR 021: 20250601000910 converges the migrations edited after they reached main).
//
// The earlier states, from git history: the first committed version of each grandfathered
// migration (0620 as first drawn, 0700/0710 as first written, 0705 as first written) and the
// state just before 0620's last edit (mid-way: 0620 edited once already).

const unavailable = historyUnavailable();

function earlierStates(): string[] {
  const list = parseChecksums(readFileSync(path.join(supabaseDir, 'migrations.sha256'), 'utf8'));
  const states = new Set<string>();
  for (const entry of list.grandfathered.keys()) {
    const commits = commitsOf(`supabase/${entry}`);
    if (commits[0]) states.add(commits[0]);
    if (entry.endsWith('_draw_functions.sql') && commits.length > 1)
      states.add(resolve(`${commits[commits.length - 1]}^`));
  }
  return [...states];
}

function serverUrlFor(database: string): string {
  const url = new URL(inject('databaseServer').serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

let fresh: TestDatabase;
beforeAll(async () => {
  fresh = await createTestDatabase();
});
afterAll(() => fresh?.drop());

describe.skipIf(unavailable !== undefined)(
  'upgrading from earlier committed migrations',
  { timeout: allow(60_000) },
  () => {
    const states = unavailable ? [] : earlierStates();

    it('has earlier states to upgrade from', () => {
      expect(states.length).toBeGreaterThanOrEqual(3);
    });

    for (const state of states) {
      it(`from ${state.slice(0, 8)}: same schema as a fresh database, and it works`, async () => {
        const name = `upgrade_${state.slice(0, 8)}_${process.pid}`;
        const server = new pg.Client({ connectionString: inject('databaseServer').serverUrl });
        await server.connect();
        const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-old-migrations-'));
        let pool: pg.Pool | undefined;
        try {
          await server.query(`drop database if exists ${server.escapeIdentifier(name)}`);
          await server.query(`create database ${server.escapeIdentifier(name)}`);
          const url = serverUrlFor(name);
          for (const file of migrationsAt(state))
            writeFileSync(path.join(dir, file), showAt(state, `supabase/migrations/${file}`) ?? '');
          const before = await prepareDatabase(url, 'UTC', { migrationsDir: dir });
          expect(before.applied.length).toBe(migrationsAt(state).length);

          pool = new pg.Pool({ connectionString: url, max: 3 });
          pool.on('error', () => undefined);
          const admin = await seed(pool);

          const after = await prepareDatabase(url, 'UTC');
          expect(after.applied).toContain('20250601000910');

          expect(await catalog(pool)).toEqual(await catalog(fresh.pool));
          await works(pool, admin.ctx);
        } finally {
          await pool?.end();
          await server.query(
            `drop database if exists ${server.escapeIdentifier(name)} with (force)`,
          );
          await server.end();
          rmSync(dir, { recursive: true, force: true });
        }
      });
    }
  },
);

describe('20250601000910 on a database already at today', () => {
  const converge = readFileSync(
    path.join(supabaseDir, 'migrations', '20250601000910_converge_edited_migrations.sql'),
    'utf8',
  );

  it('changes nothing on a fresh database, and leaves a later redefinition alone', async () => {
    const client = await fresh.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local role "postgres"');
      const before = await catalog(fresh.pool);
      // A later migration's draw_stats (same signature, another body) must survive a re-run.
      await client.query(
        `create or replace function "public"."draw_stats"("period" text default 'all') returns jsonb
         language sql stable security invoker set search_path = '' as $$ select '{}'::jsonb $$`,
      );
      await client.query(converge);
      const body = await client.query(
        `select "prosrc" from "pg_catalog"."pg_proc" where "oid" = 'public.draw_stats(text)'::regprocedure`,
      );
      expect(body.rows).toEqual([{ prosrc: " select '{}'::jsonb " }]);
      await client.query('rollback');
      await client.query('begin');
      await client.query('set local role "postgres"');
      await client.query(converge);
      await client.query('commit');
      expect(await catalog(fresh.pool)).toEqual(before);
    } finally {
      client.release();
    }
  });
});

if (unavailable) {
  it.skip(`upgrade tests skipped, they need the repository's git history: ${unavailable}`, () =>
    undefined);
}

const has = async (pool: pg.Pool, signature: string) =>
  (await pool.query(`select to_regprocedure($1) is not null as "ok"`, [signature])).rows[0]
    .ok as boolean;

/** Data an operator of the earlier version would have: results, an admin, generated days, ticks. */
async function seed(pool: pg.Pool) {
  for (let hour = 0; hour < 24; hour += 6)
    await pool.query(
      `insert into "public"."lottery_results" ("draw_date", "draw_hour", "draw_time", "first_prize")
       values ($1, $2, $3, $4)`,
      [pastDate, hour, `${String(hour).padStart(2, '0')}:30:00`, String(1000 + hour)],
    );
  const admin = await createAdmin(pool);
  if (await has(pool, 'public.generate_lottery_results(date, date)'))
    await as(
      pool,
      admin.ctx,
      `select "public"."generate_lottery_results"('2024-06-01', '2024-06-02')`,
    );
  if (await has(pool, 'private.run_due_draws()')) {
    await pool.query(`update "public"."lottery_settings" set "auto_draw" = true`);
    await pool.query(`select "private"."run_due_draws"()`);
  }
  return admin;
}

/** A few calls as each role, against the upgraded database. */
async function works(pool: pg.Pool, adminCtx: RoleContext) {
  const published = await as<{ n: number }>(
    pool,
    anon,
    `select count(*)::int as "n" from "public"."lottery_results" where "draw_date" = $1`,
    [pastDate],
  );
  expect(published.rows[0]!.n).toBeGreaterThanOrEqual(4);

  const generated = await as(
    pool,
    adminCtx,
    `select "public"."generate_lottery_results"('2024-07-01', '2024-07-01') as "r"`,
  );
  expect(generated.rows).toEqual([{ r: { created: 24, skipped: 0 } }]);
  // A past day without earlier commitments is the operator's: today's rule, not 'system'.
  const sources = await pool.query(
    `select "source", count(*)::int as "n" from "public"."lottery_results"
      where "draw_date" = '2024-07-01' group by 1`,
  );
  expect(sources.rows).toEqual([{ source: 'operator', n: 24 }]);

  await pool.query(`update "public"."lottery_settings" set "auto_draw" = true`);
  const tick = await pool.query(`select "private"."run_due_draws"() as "drawn"`);
  expect(typeof tick.rows[0].drawn).toBe('number');
  const committed = await pool.query(
    `select count(*)::int as "n" from "public"."draw_commitments"
      where "draw_date" = (now() at time zone 'UTC')::date`,
  );
  expect(committed.rows).toEqual([{ n: 24 }]);

  const checked = await as<{ n: number }>(
    pool,
    anon,
    `select count(*)::int as "n" from "public"."check_number"('1006', null, 5)`,
  );
  expect(checked.rows[0]!.n).toBeGreaterThanOrEqual(1);
}
