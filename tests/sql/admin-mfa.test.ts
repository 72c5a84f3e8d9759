import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../utils/database.ts';
import {
  as,
  createAdmin,
  createUsersDatabase,
  drawTime,
  futureDate,
  insertResult,
  insertSql,
  pastDate,
  serviceRole,
  type TestUser,
} from './helpers.ts';

// 20250601001400_admin_mfa: every admin change needs aal2 unless the operator switched the
// demand off; reading stays open to the admin at aal1.

let db: TestDatabase;
let user: TestUser;
let admin: TestUser;
let aal1: TestUser;
let resultId: string;

beforeAll(async () => {
  ({ db, user, admin } = await createUsersDatabase());
  aal1 = await createAdmin(db.pool, undefined, { aal: 'aal1' });
  resultId = await insertResult(db.pool, pastDate, 5, '0005');
});
afterAll(() => db.drop());

/** The error a statement failed with, as PostgREST would pass it on. */
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const { code, message, detail, hint } = error as Record<string, string>;
    return { code, message, detail, hint };
  }
  throw new Error('expected the statement to fail');
}

const refusal = {
  code: '42501',
  message: 'Two-factor authentication required',
  hint: 'Enter the six-digit code from your authenticator app, then try again.',
};

const setDemand = (on: boolean) =>
  db.pool.query(`update "public"."lottery_settings" set "admin_requires_mfa" = $1`, [on]);

describe('an admin at aal1', () => {
  it('reads every result, the audit trail and the settings', async () => {
    const results = await as(db.pool, aal1.ctx, `select "id" from "public"."lottery_results"`);
    expect(results.rows).toEqual([{ id: resultId }]);
    const audit = await as(
      db.pool,
      aal1.ctx,
      `select count(*)::int as "n" from "public"."audit_trail"`,
    );
    expect(audit.rows[0]!.n).toBeGreaterThan(0);
    const settings = await as(
      db.pool,
      aal1.ctx,
      `select "admin_requires_mfa" from "public"."lottery_settings"`,
    );
    expect(settings.rows).toEqual([{ admin_requires_mfa: true }]);
  });

  it('is refused every write, out loud, with the same error', async () => {
    const writes: Array<[string, unknown[]]> = [
      [insertSql, [futureDate, 1, drawTime(1), '1111']],
      [`update "public"."lottery_results" set "first_prize" = '2222' where "id" = $1`, [resultId]],
      [`delete from "public"."lottery_results" where "id" = $1`, [resultId]],
      // A range delete that matches nothing is refused as well: no silent success.
      [
        `delete from "public"."lottery_results" where "draw_date" between $1 and $2`,
        ['2001-01-01', '2001-01-02'],
      ],
      [`select "public"."generate_lottery_results"($1, $2)`, [futureDate, futureDate]],
    ];
    for (const [sql, params] of writes) {
      expect(await failure(as(db.pool, aal1.ctx, sql, params)), sql).toMatchObject(refusal);
    }
    const { rows } = await db.pool.query(
      `select "first_prize", (select count(*)::int from "public"."draw_commitments" where "draw_date" = $2) as "commitments"
         from "public"."lottery_results" where "id" = $1`,
      [resultId, futureDate],
    );
    expect(rows).toEqual([{ first_prize: '0005', commitments: 0 }]);
  });

  it('may not switch the demand off (no write on lottery_settings)', async () => {
    for (const ctx of [aal1.ctx, admin.ctx]) {
      const error = await failure(
        as(db.pool, ctx, `update "public"."lottery_settings" set "admin_requires_mfa" = false`),
      );
      expect(error.code).toBe('42501');
    }
  });
});

describe('an admin at aal2', () => {
  it('inserts, edits, deletes and generates', async () => {
    const inserted = await as<{ id: string }>(db.pool, admin.ctx, insertSql, [
      futureDate,
      2,
      drawTime(2),
      '3333',
    ]);
    const id = inserted.rows[0]!.id;
    const edited = await as(
      db.pool,
      admin.ctx,
      `update "public"."lottery_results" set "first_prize" = '4444' where "id" = $1`,
      [id],
    );
    expect(edited.rowCount).toBe(1);
    const deleted = await as(
      db.pool,
      admin.ctx,
      `delete from "public"."lottery_results" where "id" = $1`,
      [id],
    );
    expect(deleted.rowCount).toBe(1);
    const generated = await as<{ g: { created: number } }>(
      db.pool,
      admin.ctx,
      `select "public"."generate_lottery_results"($1, $2) as "g"`,
      ['2024-06-01', '2024-06-01'],
    );
    expect(generated.rows[0]!.g.created).toBe(24);
  });
});

describe('the demand switched off (lottery_settings.admin_requires_mfa)', () => {
  it('lets the aal1 admin write again; the service role and SQL may switch it', async () => {
    await as(
      db.pool,
      serviceRole,
      `update "public"."lottery_settings" set "admin_requires_mfa" = false`,
    );
    try {
      const edited = await as(
        db.pool,
        aal1.ctx,
        `update "public"."lottery_results" set "first_prize" = '0006' where "id" = $1`,
        [resultId],
      );
      expect(edited.rowCount).toBe(1);
    } finally {
      await setDemand(true);
    }
    expect(
      await failure(
        as(db.pool, aal1.ctx, `delete from "public"."lottery_results" where "id" = $1`, [resultId]),
      ),
    ).toMatchObject(refusal);
  });

  it('never makes a plain user an admin: their writes stay refused as before', async () => {
    await setDemand(false);
    try {
      const inserted = await failure(
        as(db.pool, user.ctx, insertSql, [futureDate, 3, drawTime(3), '5555']),
      );
      // Row-level security, not the second-factor error: the user is no admin at any level.
      expect(inserted).toMatchObject({ code: '42501' });
      expect(inserted.message).toMatch(/row-level security/);
      const updated = await as(
        db.pool,
        user.ctx,
        `update "public"."lottery_results" set "first_prize" = '7777' where "id" = $1`,
        [resultId],
      );
      expect(updated.rowCount).toBe(0);
    } finally {
      await setDemand(true);
    }
  });

  it('the change is kept in the settings audit trail', async () => {
    const { rows } = await db.pool.query(
      `select "new_row" ->> 'admin_requires_mfa' as "value" from "public"."settings_audit_log"
        order by "id" desc limit 2`,
    );
    expect(rows.map((row) => row.value)).toEqual(['true', 'false']);
  });
});
