import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../utils/database.ts';
import {
  anon,
  as,
  createUsersDatabase,
  futureDate,
  insertResult,
  pastDate,
  serviceRole,
  sqlState,
  type TestUser,
} from './helpers.ts';

let db: TestDatabase;
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ db, user, admin } = await createUsersDatabase());
});
afterAll(() => db.drop());

const traces = `select "draw_date"::text as "date", "draw_hour" as "hour", "first_prize", "source"
  from "public"."withdrawn_results" where "draw_date" = $1 order by "id"`;

describe('withdrawn_results', () => {
  it('keeps a public trace of a deleted published result, readable by anon', async () => {
    await insertResult(db.pool, pastDate, 19, '5153');
    await as(
      db.pool,
      admin.ctx,
      `delete from "public"."lottery_results" where "draw_date" = $1 and "draw_hour" = 19`,
      [pastDate],
    );
    for (const ctx of [anon, user.ctx, admin.ctx, serviceRole]) {
      const { rows } = await as(db.pool, ctx, traces, [pastDate]);
      expect(rows).toEqual([{ date: pastDate, hour: 19, first_prize: '5153', source: 'operator' }]);
    }
  });

  it('leaves no trace of a deleted result whose draw is still ahead', async () => {
    await insertResult(db.pool, futureDate, 3, '7777');
    const deleted = await as(
      db.pool,
      admin.ctx,
      `delete from "public"."lottery_results" where "draw_date" = $1`,
      [futureDate],
    );
    expect(deleted.rowCount).toBe(1);
    const { rows } = await db.pool.query(traces, [futureDate]);
    expect(rows).toEqual([]);
  });

  it('traces a published result moved to another hour, at the hour it left', async () => {
    const date = '2024-05-02';
    const id = await insertResult(db.pool, date, 8, '0808');
    await as(
      db.pool,
      admin.ctx,
      `update "public"."lottery_results" set "draw_hour" = 9, "draw_time" = '09:30:00' where "id" = $1`,
      [id],
    );
    // A prize change alone is a correction (kept on the row), not a withdrawal.
    await as(
      db.pool,
      admin.ctx,
      `update "public"."lottery_results" set "first_prize" = '0909' where "id" = $1`,
      [id],
    );
    const { rows } = await as(db.pool, anon, traces, [date]);
    expect(rows).toEqual([{ date, hour: 8, first_prize: '0808', source: 'operator' }]);
  });

  it('keeps the system source of a withdrawn system draw', async () => {
    const date = '2024-05-03';
    await db.pool.query(
      `insert into "public"."lottery_results" ("draw_date", "draw_hour", "draw_time", "first_prize", "source")
       values ($1, 1, '01:30:00', '1111', 'system')`,
      [date],
    );
    await as(db.pool, admin.ctx, `delete from "public"."lottery_results" where "draw_date" = $1`, [
      date,
    ]);
    const { rows } = await as(db.pool, anon, traces, [date]);
    expect(rows).toEqual([{ date, hour: 1, first_prize: '1111', source: 'system' }]);
  });

  it('rolls the trace back with a deletion that rolls back', async () => {
    const date = '2024-05-04';
    await insertResult(db.pool, date, 2, '2222');
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await client.query(`delete from "public"."lottery_results" where "draw_date" = $1`, [date]);
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect((await db.pool.query(traces, [date])).rows).toEqual([]);
  });

  it('refuses every write by an API role, the service role and admins included', async () => {
    const writes = [
      `insert into "public"."withdrawn_results" ("draw_date", "draw_hour", "first_prize", "source") values ('2024-01-01', 1, '1234', 'operator')`,
      `update "public"."withdrawn_results" set "first_prize" = '0000'`,
      `delete from "public"."withdrawn_results"`,
      `truncate "public"."withdrawn_results"`,
    ];
    for (const ctx of [anon, user.ctx, admin.ctx, serviceRole]) {
      for (const sql of writes) {
        expect(await sqlState(as(db.pool, ctx, sql)), `${ctx.role}: ${sql}`).toBe('42501');
      }
    }
  });

  it('hides a trace from anon while its draw is ahead on the lottery clock', async () => {
    // Only the owner could write such a row (a timezone change could also move a draw ahead).
    await db.pool.query(
      `insert into "public"."withdrawn_results" ("draw_date", "draw_hour", "first_prize", "source")
       values ($1, 5, '5555', 'operator')`,
      [futureDate],
    );
    for (const ctx of [anon, user.ctx, admin.ctx]) {
      expect((await as(db.pool, ctx, traces, [futureDate])).rows).toEqual([]);
    }
    expect((await as(db.pool, serviceRole, traces, [futureDate])).rows).toHaveLength(1);
  });

  it('lets anon not execute the trigger function', async () => {
    expect(
      await sqlState(as(db.pool, anon, `select "private"."lottery_results_withdrawn_deleted"()`)),
    ).toBe('42501');
  });
});
