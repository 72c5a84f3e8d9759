import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../utils/database.ts';
import {
  anon,
  as,
  createAdmin,
  createUsersDatabase,
  drawTime,
  futureDate,
  insertResult,
  insertSql,
  pastDate,
  serviceRole,
  sqlState,
  type TestUser,
} from './helpers.ts';

let db: TestDatabase;
let user: TestUser;
let admin: TestUser;
let publishedId: string;
let scheduledId: string;

beforeAll(async () => {
  ({ db, user, admin } = await createUsersDatabase());
  publishedId = await insertResult(db.pool, pastDate, 10, '0042');
  scheduledId = await insertResult(db.pool, futureDate, 10, '9999');
});
afterAll(() => db.drop());

const selectAll = `select "id", "first_prize" from "public"."lottery_results" order by "draw_date"`;

describe('reading lottery_results', () => {
  it('shows anon and plain users only drawn results', async () => {
    for (const ctx of [anon, user.ctx]) {
      const { rows } = await as(db.pool, ctx, selectAll);
      expect(rows).toEqual([{ id: publishedId, first_prize: '0042' }]);
    }
  });

  it('does not leak a scheduled result through a filter or a count', async () => {
    const byId = await as(
      db.pool,
      anon,
      `select * from "public"."lottery_results" where "id" = $1`,
      [scheduledId],
    );
    expect(byId.rows).toEqual([]);
    const count = await as<{ n: string }>(
      db.pool,
      user.ctx,
      `select count(*) as n from "public"."lottery_results"`,
    );
    expect(count.rows[0]?.n).toBe('1');
  });

  it('shows admins and the service role every result', async () => {
    for (const ctx of [admin.ctx, serviceRole]) {
      const { rows } = await as(db.pool, ctx, selectAll);
      expect(rows.map((row) => row.id)).toEqual([publishedId, scheduledId]);
    }
  });
});

describe('writing lottery_results', () => {
  it('refuses every write from anon (no privilege at all)', async () => {
    expect(await sqlState(as(db.pool, anon, insertSql, [pastDate, 1, drawTime(1), '1111']))).toBe(
      '42501',
    );
    expect(
      await sqlState(
        as(db.pool, anon, `update "public"."lottery_results" set "first_prize" = '0000'`),
      ),
    ).toBe('42501');
    expect(await sqlState(as(db.pool, anon, `delete from "public"."lottery_results"`))).toBe(
      '42501',
    );
  });

  it('refuses inserts from a plain user and lets their updates and deletes match nothing', async () => {
    expect(
      await sqlState(as(db.pool, user.ctx, insertSql, [pastDate, 1, drawTime(1), '1111'])),
    ).toBe('42501');
    const update = await as(
      db.pool,
      user.ctx,
      `update "public"."lottery_results" set "first_prize" = '0000'`,
    );
    const remove = await as(db.pool, user.ctx, `delete from "public"."lottery_results"`);
    expect([update.rowCount, remove.rowCount]).toEqual([0, 0]);
    const { rows } = await db.pool.query(
      `select "first_prize" from "public"."lottery_results" order by "draw_date"`,
    );
    expect(rows).toEqual([{ first_prize: '0042' }, { first_prize: '9999' }]);
  });

  it('lets an admin add, edit, delete and bulk delete results', async () => {
    const added = await as<{ id: string }>(db.pool, admin.ctx, insertSql, [
      '2024-06-01',
      5,
      drawTime(5),
      '5555',
    ]);
    const id = added.rows[0]!.id;
    const edited = await as(
      db.pool,
      admin.ctx,
      `update "public"."lottery_results" set "first_prize" = '5556' where "id" = $1 returning "first_prize"`,
      [id],
    );
    expect(edited.rows).toEqual([{ first_prize: '5556' }]);
    // Scheduled results are editable before they are drawn.
    const scheduled = await as(
      db.pool,
      admin.ctx,
      `update "public"."lottery_results" set "first_prize" = '8888' where "id" = $1`,
      [scheduledId],
    );
    expect(scheduled.rowCount).toBe(1);
    const removed = await as(
      db.pool,
      admin.ctx,
      `delete from "public"."lottery_results" where "id" = $1`,
      [id],
    );
    expect(removed.rowCount).toBe(1);

    for (const hour of [0, 1, 2]) await insertResult(db.pool, '2024-07-01', hour);
    await insertResult(db.pool, '2024-07-03', 0);
    const range = await as(
      db.pool,
      admin.ctx,
      `delete from "public"."lottery_results" where "draw_date" >= $1 and "draw_date" <= $2`,
      ['2024-07-01', '2024-07-02'],
    );
    expect(range.rowCount).toBe(3);
  });

  it('lets the service role write (the generate function and the operator)', async () => {
    const added = await as(db.pool, serviceRole, insertSql, ['2024-06-02', 7, drawTime(7), '7777']);
    expect(added.rowCount).toBe(1);
  });

  it('stops an admin whose role was revoked', async () => {
    const former = await createAdmin(db.pool);
    await db.pool.query(`delete from "public"."user_roles" where "user_id" = $1`, [former.id]);
    expect(
      await sqlState(as(db.pool, former.ctx, insertSql, ['2024-06-03', 1, drawTime(1), '1111'])),
    ).toBe('42501');
  });
});
