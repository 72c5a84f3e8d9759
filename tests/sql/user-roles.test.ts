import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../utils/database.ts';
import {
  anon,
  as,
  createAdmin,
  createUsersDatabase,
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

// The admin check the app runs (src/features/admin/api/get-admin-role.ts).
const adminCheck = `select "role" from "public"."user_roles" where "user_id" = $1 and "role" = 'admin'`;

describe('user_roles', () => {
  it('answers the admin check for the caller themselves', async () => {
    expect((await as(db.pool, admin.ctx, adminCheck, [admin.id])).rows).toEqual([
      { role: 'admin' },
    ]);
    expect((await as(db.pool, user.ctx, adminCheck, [user.id])).rows).toEqual([]);
  });

  it("hides other people's roles from plain users and everything from anon", async () => {
    expect((await as(db.pool, user.ctx, `select * from "public"."user_roles"`)).rows).toEqual([]);
    expect(await sqlState(as(db.pool, anon, `select * from "public"."user_roles"`))).toBe('42501');
  });

  it('shows admins every grant', async () => {
    const { rows } = await as<{ user_id: string }>(
      db.pool,
      admin.ctx,
      `select "user_id" from "public"."user_roles"`,
    );
    expect(rows.map((row) => row.user_id)).toContain(admin.id);
  });

  it('lets nobody but the service role grant, change or revoke a role', async () => {
    const grant = `insert into "public"."user_roles" ("user_id", "role") values ($1, 'admin')`;
    for (const ctx of [anon, user.ctx, admin.ctx]) {
      expect(await sqlState(as(db.pool, ctx, grant, [user.id]))).toBe('42501');
      expect(
        await sqlState(
          as(db.pool, ctx, `update "public"."user_roles" set "user_id" = $1`, [user.id]),
        ),
      ).toBe('42501');
      expect(await sqlState(as(db.pool, ctx, `delete from "public"."user_roles"`))).toBe('42501');
    }
    expect((await as(db.pool, serviceRole, grant, [user.id])).rowCount).toBe(1);
    expect((await as(db.pool, user.ctx, adminCheck, [user.id])).rows).toEqual([{ role: 'admin' }]);
    expect(
      (
        await as(db.pool, serviceRole, `delete from "public"."user_roles" where "user_id" = $1`, [
          user.id,
        ])
      ).rowCount,
    ).toBe(1);
  });

  it('refuses a duplicate grant with 23505 and an unknown role with 22P02', async () => {
    const grant = `insert into "public"."user_roles" ("user_id", "role") values ($1, $2)`;
    expect(await sqlState(as(db.pool, serviceRole, grant, [admin.id, 'admin']))).toBe('23505');
    expect(await sqlState(as(db.pool, serviceRole, grant, [user.id, 'superadmin']))).toBe('22P02');
  });

  it('goes away with the account', async () => {
    const gone = await createAdmin(db.pool);
    await db.pool.query(`delete from "auth"."users" where "id" = $1`, [gone.id]);
    const { rows } = await db.pool.query(
      `select 1 from "public"."user_roles" where "user_id" = $1`,
      [gone.id],
    );
    expect(rows).toEqual([]);
  });
});
