// The draw date range (migration 20250601000800, ADR 020): every writer is held to
// 2000-01-01..2099-12-31, and a database that already holds rows outside it is reported, never
// changed: the constraint is then NOT VALID and the migration's WARNING names the rows.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { prepareDatabase } from '../../server/src/db/database.ts';
import { listMigrations, migrate } from '../../server/src/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../utils/database.ts';
import {
  anon,
  as,
  createAdmin,
  createUser,
  drawTime,
  insertSql,
  serviceRole,
  sqlState,
  type TestUser,
} from './helpers.ts';
import { allow } from '../utils/load-factor.ts';

const RANGE = 'lottery_results_draw_date_range';
const OUTSIDE = [
  'infinity',
  '-infinity',
  '0001-01-01 BC',
  '99999-01-01',
  '1999-12-31',
  '2100-01-01',
];

const validated = async (pool: pg.Pool | pg.Client) =>
  (
    await pool.query<{ v: boolean }>(
      `select convalidated as v from pg_catalog.pg_constraint
        where conrelid = 'public.lottery_results'::regclass and conname = $1`,
      [RANGE],
    )
  ).rows[0]?.v;

describe('on a database with no draw outside the range', () => {
  let db: TestDatabase;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    db = await createTestDatabase();
    admin = await createAdmin(db.pool);
    user = await createUser(db.pool);
  });
  afterAll(() => db.drop());

  it('the constraint is validated', async () => {
    expect(await validated(db.pool)).toBe(true);
  });

  it('admins and the service role write the range’s first and last day', async () => {
    const first = await as(db.pool, admin.ctx, insertSql, ['2000-01-01', 0, drawTime(0), '0001']);
    const last = await as(db.pool, serviceRole, insertSql, [
      '2099-12-31',
      23,
      drawTime(23),
      '9999',
    ]);
    expect([first.rowCount, last.rowCount]).toEqual([1, 1]);
  });

  it.each(OUTSIDE)('%s: 23514 for admins and the service role, 42501 for others', async (date) => {
    const row = [date, 5, drawTime(5), '0505'];
    expect(await sqlState(as(db.pool, admin.ctx, insertSql, row))).toBe('23514');
    expect(await sqlState(as(db.pool, serviceRole, insertSql, row))).toBe('23514');
    expect(await sqlState(as(db.pool, user.ctx, insertSql, row))).toBe('42501');
    expect(await sqlState(as(db.pool, anon, insertSql, row))).toBe('42501');
  });

  it('an edit that moves a draw outside is refused, naming the constraint', async () => {
    const { rows } = await as<{ id: string }>(db.pool, admin.ctx, insertSql, [
      '2024-05-01',
      7,
      drawTime(7),
      '0707',
    ]);
    const error = await as(
      db.pool,
      admin.ctx,
      `update "public"."lottery_results" set "draw_date" = 'infinity' where "id" = $1`,
      [rows[0]!.id],
    ).catch((e: { code: string; constraint: string }) => e);
    expect(error).toMatchObject({ code: '23514', constraint: RANGE });
  });

  it('the generate action cannot fill days outside either', async () => {
    const generate = `select public.generate_lottery_results($1, $2)`;
    expect(await sqlState(as(db.pool, admin.ctx, generate, ['2100-01-01', '2100-01-01']))).toBe(
      '23514',
    );
  });
});

describe('on a database that already holds draws outside the range', () => {
  const name = `draw_range_${process.pid}_${Date.now()}`;
  let server: pg.Client;
  let url: string;
  let owner: pg.Client;
  let dir: string;
  const warnings: string[] = [];
  const bad: Array<{ id: string; date: string }> = [];

  beforeAll(async () => {
    server = new pg.Client({ connectionString: inject('databaseServer').serverUrl });
    await server.connect();
    await server.query(`create database ${server.escapeIdentifier(name)}`);
    const parsed = new URL(inject('databaseServer').serverUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    // Every migration before this one, as a database deployed before it would be.
    dir = mkdtempSync(path.join(tmpdir(), 'lotto24-before-0800-'));
    for (const m of listMigrations().filter((m) => m.version < '20250601000800'))
      copyFileSync(m.file, path.join(dir, path.basename(m.file)));
    const { urls } = await prepareDatabase(url, 'UTC', { migrationsDir: dir });
    const superuser = new pg.Client({ connectionString: url });
    await superuser.connect();
    for (const [i, date] of ['infinity', '0001-01-01 BC', '99999-01-01'].entries()) {
      const { rows } = await superuser.query<{ id: string }>(
        `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
         values ($1, $2, $3, '1234') returning id`,
        [date, i, drawTime(i)],
      );
      bad.push({ id: rows[0]!.id, date });
    }
    await superuser.query(
      `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
       values ('2024-05-01', 1, '01:30:00', '4321')`,
    );
    await superuser.end();
    // Then this migration and every later one, as `postgres` (not a superuser), as on hosted.
    owner = new pg.Client({ connectionString: urls.owner });
    owner.on('notice', (notice) => {
      if (notice.severity === 'WARNING') warnings.push(`${notice.message}\n${notice.hint ?? ''}`);
    });
    await owner.connect();
    await migrate(owner);
  }, allow(60_000));
  afterAll(async () => {
    await owner?.end();
    await server.query(`drop database if exists ${server.escapeIdentifier(name)} with (force)`);
    await server.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies, leaves every row as it was, and adds the constraint NOT VALID', async () => {
    const { rows } = await owner.query<{ n: number }>(
      `select count(*)::int as n from public.lottery_results`,
    );
    expect(rows[0]!.n).toBe(4);
    expect(await validated(owner)).toBe(false);
  });

  it('warns with the count, each row’s id and date, and how to fix them', () => {
    expect(warnings).toHaveLength(1);
    const [warning] = warnings;
    expect(warning).toMatch(
      /^3 lottery_results row\(s\) have a draw_date outside 2000-01-01\.\.2099-12-31/,
    );
    for (const row of bad) expect(warning).toContain(row.id);
    expect(warning).toContain('0001-01-01 BC');
    expect(warning).toContain('infinity');
    expect(warning).toContain('validate constraint lottery_results_draw_date_range');
  });

  it('still refuses new draws outside, and validates once the operator fixed the old ones', async () => {
    expect(
      await sqlState(
        owner.query(
          `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
           values ('2100-01-01', 3, '03:30:00', '0000')`,
        ),
      ),
    ).toBe('23514');
    // An edit that keeps a bad date is refused too: the fix is a new date or a delete.
    expect(
      await sqlState(
        owner.query(`update public.lottery_results set first_prize = '0000' where id = $1`, [
          bad[0]!.id,
        ]),
      ),
    ).toBe('23514');
    await owner.query(`update public.lottery_results set draw_date = '2024-05-02' where id = $1`, [
      bad[0]!.id,
    ]);
    await owner.query(`delete from public.lottery_results where id = any($1)`, [
      bad.slice(1).map((row) => row.id),
    ]);
    await owner.query(`alter table public.lottery_results validate constraint ${RANGE}`);
    expect(await validated(owner)).toBe(true);
  });
});
