import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, prepareDatabase } from '../../server/src/db/database.ts';
import { listMigrations, migrate } from '../../server/src/db/migrate.ts';

// An empty database on the test server stands in for an existing server named by DATABASE_URL.
const name = `migrate_${process.pid}_${Date.now()}`;
let url: string;
let server: pg.Client;

beforeAll(async () => {
  server = new pg.Client({ connectionString: inject('databaseServer').serverUrl });
  await server.connect();
  await server.query(`create database ${server.escapeIdentifier(name)}`);
  const parsed = new URL(inject('databaseServer').serverUrl);
  parsed.pathname = `/${name}`;
  url = parsed.toString();
});
afterAll(async () => {
  await server.query(`drop database if exists ${server.escapeIdentifier(name)} with (force)`);
  await server.end();
});

const history = async (pool: pg.Pool) =>
  (
    await pool.query<{ version: string; name: string }>(
      `select "version", "name" from "supabase_migrations"."schema_migrations" order by 1`,
    )
  ).rows;

describe('migrations on an existing server (DATABASE_URL)', () => {
  it('bootstraps and applies every migration, in order, recording each', async () => {
    const db = await openDatabase({
      dataDir: '/nonexistent',
      databaseUrl: url,
      timezone: 'Europe/Berlin',
    });
    try {
      expect(await history(db.pools.owner)).toEqual(
        listMigrations().map(({ version, name }) => ({ version, name })),
      );
      const tables = await db.pools.owner.query(
        `select to_regclass('public.lottery_results') is not null as "ok"`,
      );
      expect(tables.rows).toEqual([{ ok: true }]);
      const zone = await db.pools.owner.query(`select "timezone" from "public"."lottery_settings"`);
      expect(zone.rows).toEqual([{ timezone: 'Europe/Berlin' }]);
    } finally {
      await db.stop();
    }
  });

  it('applies nothing on a restart, and bootstrap is safe to re-run', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      expect((await prepareDatabase(url, 'UTC')).applied).toEqual([]);
      expect((await prepareDatabase(url, 'UTC')).applied).toEqual([]);
      expect((await history(pool)).length).toBe(listMigrations().length);
    } finally {
      await pool.end();
    }
  });

  it('applies only a new migration, and records nothing of one that fails', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-migrations-'));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const migration of listMigrations())
        copyFileSync(migration.file, path.join(dir, path.basename(migration.file)));
      writeFileSync(
        path.join(dir, '29990101000000_add_note.sql'),
        `create table "public"."note" ("id" int);`,
      );
      expect(await migrate(client, dir)).toEqual(['29990101000000']);

      writeFileSync(
        path.join(dir, '29990101000001_broken.sql'),
        `create table "public"."half" ("id" int); select 1/0;`,
      );
      await expect(migrate(client, dir)).rejects.toThrow(
        /29990101000001_broken\.sql failed: division by zero/,
      );
      const left = await client.query(
        `select to_regclass('public.half') as "t", (select count(*)::int from "supabase_migrations"."schema_migrations" where "version" = '29990101000001') as "n"`,
      );
      expect(left.rows).toEqual([{ t: null, n: 0 }]);
    } finally {
      await client.end();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
