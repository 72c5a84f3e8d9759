import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../utils/database.ts';
import {
  anon,
  as,
  createUsersDatabase,
  drawTime,
  insertSql,
  pastDate,
  serviceRole,
  sqlState,
  type TestUser,
} from './helpers.ts';

let db: TestDatabase;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  ({ db, user, admin } = await createUsersDatabase('auditor@example.com'));
});
afterAll(() => db.drop());

interface AuditRow {
  action: string;
  result_id: string;
  old_row: { first_prize: string } | null;
  new_row: { first_prize: string; created_by: string } | null;
  actor_id: string | null;
  actor_email: string | null;
}

const trail = `select "action", "result_id", "old_row", "new_row", "actor_id", "actor_email"
  from "public"."result_audit_log" where "result_id" = $1 order by "id"`;

describe('result_audit_log', () => {
  it('records insert, update and delete with the old and new row and the actor', async () => {
    const added = await as<{ id: string }>(db.pool, admin.ctx, insertSql, [
      pastDate,
      9,
      drawTime(9),
      '0909',
    ]);
    const id = added.rows[0]!.id;
    await as(
      db.pool,
      admin.ctx,
      `update "public"."lottery_results" set "first_prize" = '9090' where "id" = $1`,
      [id],
    );
    await as(db.pool, admin.ctx, `delete from "public"."lottery_results" where "id" = $1`, [id]);

    const { rows } = await as<AuditRow>(db.pool, admin.ctx, trail, [id]);
    expect(rows.map((row) => row.action)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(
      rows.every((row) => row.actor_id === admin.id && row.actor_email === 'auditor@example.com'),
    ).toBe(true);
    expect([rows[0]?.old_row, rows[0]?.new_row?.first_prize]).toEqual([null, '0909']);
    expect([rows[1]?.old_row?.first_prize, rows[1]?.new_row?.first_prize]).toEqual([
      '0909',
      '9090',
    ]);
    expect([rows[2]?.old_row?.first_prize, rows[2]?.new_row]).toEqual(['9090', null]);
    expect(rows[0]?.new_row?.created_by).toBe('auditor@example.com');
  });

  it('is readable by admins only', async () => {
    expect(await sqlState(as(db.pool, anon, `select * from "public"."result_audit_log"`))).toBe(
      '42501',
    );
    const asUser = await as(db.pool, user.ctx, `select * from "public"."result_audit_log"`);
    expect(asUser.rows).toEqual([]);
    const asAdmin = await as(db.pool, admin.ctx, `select * from "public"."result_audit_log"`);
    expect(asAdmin.rows.length).toBeGreaterThan(0);
  });

  it('cannot be written, edited or erased through the API, not even by admins or the service role', async () => {
    const attempts = [
      `insert into "public"."result_audit_log" ("action", "result_id") values ('DELETE', gen_random_uuid())`,
      `update "public"."result_audit_log" set "actor_email" = 'someone@else.com'`,
      `delete from "public"."result_audit_log"`,
      `truncate "public"."result_audit_log"`,
    ];
    for (const ctx of [anon, user.ctx, admin.ctx, serviceRole]) {
      for (const sql of attempts) expect(await sqlState(as(db.pool, ctx, sql))).toBe('42501');
    }
  });
});
