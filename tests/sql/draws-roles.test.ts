import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleContext } from '../../server/src/db/as-role.ts';
import type { TestDatabase } from '../utils/database.ts';
import {
  anon,
  as,
  createUsersDatabase,
  futureDate,
  pastDate,
  serviceRole,
  sqlState,
  type TestUser,
} from './helpers.ts';

let db: TestDatabase;
let user: TestUser;
let admin: TestUser;
let roles: Array<[string, RoleContext]>;

beforeAll(async () => {
  ({ db, user, admin } = await createUsersDatabase('drawer@example.com'));
  roles = [
    ['anon', anon],
    ['authenticated', user.ctx],
    ['admin', admin.ctx],
    ['service_role', serviceRole],
  ];
  // A published day and a future day, committed and drawn by the system as the owner.
  for (const day of [pastDate, futureDate])
    await db.pool.query(`select "private"."commit_draw_days"($1, $1)`, [day]);
  await db.pool.query(`select "private"."draw_hour"($1, 5)`, [pastDate]);
});
afterAll(() => db.drop());

const seedsOf = `select "draw_date"::text, "draw_hour", "seed" from "public"."draw_seeds" where "draw_date" = $1`;

describe('nobody but the system draws', () => {
  const privateCalls = [
    `select "private"."run_due_draws"()`,
    `select "private"."draw_hour"('2024-05-01', 6)`,
    `select "private"."commit_draw_days"('2030-01-01', '2030-01-01')`,
    `select "private"."derive_prize"('\\x00'::bytea, '2024-05-01', 6)`,
  ];
  it.each(privateCalls)('no API role may call %s', async (sql) => {
    for (const [, ctx] of roles) expect(await sqlState(as(db.pool, ctx, sql))).toBe('42501');
  });

  it('no API role may write a commitment or a seed', async () => {
    const writes = [
      `insert into "public"."draw_commitments" ("draw_date", "draw_hour", "commitment") values ('2031-01-01', 1, repeat('a', 64))`,
      `update "public"."draw_commitments" set "commitment" = repeat('a', 64)`,
      `delete from "public"."draw_commitments"`,
      `truncate "public"."draw_commitments"`,
      `insert into "public"."draw_seeds" ("draw_date", "draw_hour", "seed") values ('2031-01-01', 1, repeat('a', 64))`,
      `update "public"."draw_seeds" set "seed" = repeat('a', 64)`,
      `delete from "public"."draw_seeds"`,
    ];
    for (const sql of writes)
      for (const [name, ctx] of roles)
        expect(await sqlState(as(db.pool, ctx, sql)), `${name}: ${sql}`).toBe('42501');
  });

  it('only admins may generate, through the RPC, and only within 366 days', async () => {
    const generate = `select "public"."generate_lottery_results"($1, $2) as "r"`;
    for (const [name, ctx] of roles.filter(([name]) => name !== 'admin'))
      expect(await sqlState(as(db.pool, ctx, generate, ['2030-01-01', '2030-01-01'])), name).toBe(
        '42501',
      );
    expect(await sqlState(as(db.pool, admin.ctx, generate, ['2030-01-02', '2030-01-01']))).toBe(
      '22023',
    );
    expect(await sqlState(as(db.pool, admin.ctx, generate, ['2030-01-01', '2031-01-02']))).toBe(
      '22023',
    );
    const first = await as<{ r: { created: number; skipped: number } }>(
      db.pool,
      admin.ctx,
      generate,
      ['2030-01-01', '2030-01-02'],
    );
    expect(first.rows[0]!.r).toEqual({ created: 48, skipped: 0 });
    const again = await as<{ r: { created: number; skipped: number } }>(
      db.pool,
      admin.ctx,
      generate,
      ['2030-01-02', '2030-01-03'],
    );
    expect(again.rows[0]!.r).toEqual({ created: 24, skipped: 24 });
    const { rows } = await db.pool.query(
      `select distinct "source", "created_by" from "public"."lottery_results" where "draw_date" = '2030-01-01'`,
    );
    expect(rows).toEqual([{ source: 'system', created_by: 'drawer@example.com' }]);
  });

  it("a day generated after its draws is the operator's: random numbers no earlier commitment stands behind", async () => {
    const generate = `select "public"."generate_lottery_results"($1, $1) as "r"`;
    const backfill = '2020-02-02';
    const { rows } = await as<{ r: { created: number } }>(db.pool, admin.ctx, generate, [backfill]);
    expect(rows[0]!.r).toMatchObject({ created: 24 });
    const day = await db.pool.query(
      `select distinct "source" from "public"."lottery_results" where "draw_date" = $1`,
      [backfill],
    );
    expect(day.rows).toEqual([{ source: 'operator' }]);
    const commitments = await db.pool.query(
      `select 1 from "public"."draw_commitments" where "draw_date" = $1`,
      [backfill],
    );
    expect(commitments.rows).toEqual([]);
    // An hour committed before its moment stays verifiable however late it is filled.
    const committedEarly = '2020-02-03';
    await db.pool.query(
      `alter table "public"."draw_commitments" disable trigger "draw_commitments_refuse_change"`,
    );
    await db.pool.query(`select "private"."commit_draw_days"($1, $1)`, [committedEarly]);
    await db.pool.query(
      `update "public"."draw_commitments" set "committed_at" = $1::date - 1 where "draw_date" = $1`,
      [committedEarly],
    );
    await db.pool.query(
      `alter table "public"."draw_commitments" enable trigger "draw_commitments_refuse_change"`,
    );
    await as(db.pool, admin.ctx, generate, [committedEarly]);
    const early = await db.pool.query(
      `select distinct "source" from "public"."lottery_results" where "draw_date" = $1`,
      [committedEarly],
    );
    expect(early.rows).toEqual([{ source: 'system' }]);
  });
});

describe('seeds are secret until their draw', () => {
  it('anon and users read seeds of published draws only; admins too; the service role none', async () => {
    for (const [name, ctx] of roles.filter(([name]) => name !== 'service_role')) {
      expect((await as(db.pool, ctx, seedsOf, [pastDate])).rows, name).toHaveLength(24);
      expect((await as(db.pool, ctx, seedsOf, [futureDate])).rows, name).toEqual([]);
      const count = await as<{ n: number }>(
        db.pool,
        ctx,
        `select count(*)::int as "n" from "public"."draw_seeds" where "draw_date" > now()`,
      );
      expect(count.rows[0]!.n, name).toBe(0);
    }
    expect(await sqlState(as(db.pool, serviceRole, seedsOf, [futureDate]))).toBe('42501');
  });

  it('a filter on the secret reveals nothing, and the errors name no seed', async () => {
    const seed = (await db.pool.query<{ seed: string }>(seedsOf, [futureDate])).rows[0]!.seed;
    const byValue = `select 1 from "public"."draw_seeds" where "seed" = $1`;
    const byPrefix = `select "draw_date" < current_date as "past" from "public"."draw_seeds" where "seed" like $1`;
    for (const [name, ctx] of roles.filter(([name]) => name !== 'service_role')) {
      expect((await as(db.pool, ctx, byValue, [seed])).rows, name).toEqual([]);
      const matches = await as<{ past: boolean }>(db.pool, ctx, byPrefix, [`${seed.slice(0, 1)}%`]);
      expect(
        matches.rows.every((row) => row.past),
        name,
      ).toBe(true);
    }
    const failure = await as(db.pool, serviceRole, seedsOf, [futureDate]).catch(
      (error: Error) => error,
    );
    expect(String((failure as Error).message)).not.toContain(seed);
  });

  it('every commitment is public at once, before its draw', async () => {
    for (const [name, ctx] of roles) {
      const { rows } = await as(
        db.pool,
        ctx,
        `select * from "public"."draw_commitments" where "draw_date" = $1`,
        [futureDate],
      );
      expect(rows, name).toHaveLength(24);
    }
  });

  it('seeds are not in the realtime publication; commitments and locks are', async () => {
    const { rows } = await db.pool.query(
      `select "tablename" from pg_catalog.pg_publication_tables where "pubname" = 'supabase_realtime' and "tablename" like 'draw%' order by 1`,
    );
    expect(rows).toEqual([{ tablename: 'draw_commitments' }, { tablename: 'draw_locks' }]);
  });
});

describe('commitments never change', () => {
  it('the owner cannot update or delete one: the row stays, the attempt is recorded with a warning', async () => {
    const before = await db.pool.query(
      `select * from "public"."draw_commitments" where "draw_date" = $1 order by "draw_hour"`,
      [pastDate],
    );
    const warnings: string[] = [];
    const client = await db.pool.connect();
    client.on('notice', (notice) => warnings.push(notice.message ?? ''));
    try {
      const update = await client.query(
        `update "public"."draw_commitments" set "commitment" = repeat('0', 64) where "draw_date" = $1 and "draw_hour" = 5`,
        [pastDate],
      );
      const remove = await client.query(
        `delete from "public"."draw_commitments" where "draw_date" = $1`,
        [pastDate],
      );
      expect([update.rowCount, remove.rowCount]).toEqual([0, 0]);
      expect(await sqlState(client.query(`truncate "public"."draw_commitments"`))).toBe('42501');
    } finally {
      client.release();
    }
    const after = await db.pool.query(
      `select * from "public"."draw_commitments" where "draw_date" = $1 order by "draw_hour"`,
      [pastDate],
    );
    expect(after.rows).toEqual(before.rows);
    expect(warnings.filter((w) => w.startsWith('Commitments never change'))).toHaveLength(25);
    const audit = await as<{ action: string; n: number }>(
      db.pool,
      admin.ctx,
      `select "action", count(*)::int as "n" from "public"."draw_commitment_audit" group by 1 order by 1`,
    );
    expect(audit.rows).toEqual([
      { action: 'DELETE', n: 24 },
      { action: 'UPDATE', n: 1 },
    ]);
    expect(
      (await as(db.pool, user.ctx, `select * from "public"."draw_commitment_audit"`)).rows,
    ).toEqual([]);
  });
});

describe('who made a result', () => {
  it("API writes are the operator's; a published prize changed later is a correction", async () => {
    const published = await as<{ source: string; previous_prize: string | null }>(
      db.pool,
      admin.ctx,
      `insert into "public"."lottery_results" ("draw_date", "draw_hour", "draw_time", "first_prize", "source", "previous_prize")
       values ($1, 7, '07:30:00', '1111', 'system', '2222') returning "source", "previous_prize"`,
      [pastDate],
    );
    expect(published.rows[0]).toEqual({ source: 'operator', previous_prize: null });
    // The system's draw of hour 5 was 'system'; an admin's edit makes it a correction by the operator.
    const edited = await as(
      db.pool,
      admin.ctx,
      `update "public"."lottery_results" set "first_prize" = '0000' where "draw_date" = $1 and "draw_hour" = 5
       returning "source", "previous_prize", "corrected_at" is not null as "corrected"`,
      [pastDate],
    );
    const drawn = await db.pool.query(
      `select "private"."derive_prize"(decode("seed", 'hex'), "draw_date", 5) as "p" from "public"."draw_seeds" where "draw_date" = $1 and "draw_hour" = 5`,
      [pastDate],
    );
    expect(edited.rows[0]).toEqual({
      source: 'operator',
      previous_prize: drawn.rows[0]!.p,
      corrected: true,
    });
    // Before publication an edit is no correction.
    await as(
      db.pool,
      admin.ctx,
      `insert into "public"."lottery_results" ("draw_date", "draw_hour", "draw_time", "first_prize") values ($1, 7, '07:30:00', '1111')`,
      [futureDate],
    );
    const early = await as(
      db.pool,
      admin.ctx,
      `update "public"."lottery_results" set "first_prize" = '3333' where "draw_date" = $1 and "draw_hour" = 7 returning "previous_prize", "corrected_at"`,
      [futureDate],
    );
    expect(early.rows[0]).toEqual({ previous_prize: null, corrected_at: null });
  });
});
