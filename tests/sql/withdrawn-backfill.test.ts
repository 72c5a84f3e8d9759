import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { supabaseDir } from '../../server/src/config.ts';
import type { TestDatabase } from '../utils/database.ts';
import { as, createUsersDatabase, futureDate, insertResult, type TestUser } from './helpers.ts';

// 20250601001000 turns withdrawals made before it (kept in result_audit_log) into traces. The
// statement is read from the migration itself and run where the triggers were not there yet.

const migration = readFileSync(
  path.join(supabaseDir, 'migrations', '20250601001000_withdrawn_results.sql'),
  'utf8',
);
const backfill = migration.slice(migration.indexOf('-- Withdrawals made before this migration'));

let db: TestDatabase;
let admin: TestUser;
beforeAll(async () => {
  ({ db, admin } = await createUsersDatabase());
});
afterAll(() => db.drop());

it('traces earlier deletions and moves of published results, once, at their time', async () => {
  const triggers = ['lottery_results_withdrawn_on_delete', 'lottery_results_withdrawn_on_move'];
  for (const name of triggers)
    await db.pool.query(`alter table "public"."lottery_results" disable trigger "${name}"`);
  const date = '2023-03-01';
  await insertResult(db.pool, date, 7, '0707');
  const moved = await insertResult(db.pool, date, 8, '0808');
  await insertResult(db.pool, futureDate, 9, '0909');
  const remove = `delete from "public"."lottery_results" where "draw_date" = $1 and "draw_hour" = $2`;
  await as(db.pool, admin.ctx, remove, [date, 7]);
  await as(db.pool, admin.ctx, remove, [futureDate, 9]);
  await as(
    db.pool,
    admin.ctx,
    `update "public"."lottery_results" set "draw_hour" = 10, "draw_time" = '10:30:00' where "id" = $1`,
    [moved],
  );
  // A prize change is a correction, not a withdrawal.
  await as(
    db.pool,
    admin.ctx,
    `update "public"."lottery_results" set "first_prize" = '1010' where "id" = $1`,
    [moved],
  );
  for (const name of triggers)
    await db.pool.query(`alter table "public"."lottery_results" enable trigger "${name}"`);
  expect((await db.pool.query(`select 1 from "public"."withdrawn_results"`)).rowCount).toBe(0);

  await db.pool.query(backfill);
  const { rows } = await db.pool.query(
    `select w."draw_date"::text as "date", w."draw_hour" as "hour", w."first_prize",
            w."withdrawn_at" = a."at" as "at_audit_time"
       from "public"."withdrawn_results" w
       join "public"."result_audit_log" a
         on (a."old_row" ->> 'draw_hour')::int = w."draw_hour" and a."action" in ('DELETE', 'UPDATE')
        and a."old_row" ->> 'first_prize' = w."first_prize"
      order by w."draw_hour"`,
  );
  expect(rows).toEqual([
    { date, hour: 7, first_prize: '0707', at_audit_time: true },
    { date, hour: 8, first_prize: '0808', at_audit_time: true },
  ]);
});
