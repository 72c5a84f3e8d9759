import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../utils/database.ts';
import { anon, as, createUsersDatabase, serviceRole, sqlState, type TestUser } from './helpers.ts';

let db: TestDatabase;
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ db, user, admin } = await createUsersDatabase());
});
afterAll(() => db.drop());

describe('the private schema', () => {
  it('is not usable by anon at all', async () => {
    for (const call of [
      `select "private"."is_admin"()`,
      `select "private"."has_role"(gen_random_uuid(), 'admin')`,
      `select "private"."is_published"('2024-01-01', 0)`,
      `select "private"."lottery_timezone"()`,
    ]) {
      expect(await sqlState(as(db.pool, anon, call))).toBe('42501');
    }
  });

  it('lets signed-in users ask only what policies need: is_admin() about themselves', async () => {
    const check = `select "private"."is_admin"() as "ok"`;
    expect((await as(db.pool, user.ctx, check)).rows).toEqual([{ ok: false }]);
    expect((await as(db.pool, admin.ctx, check)).rows).toEqual([{ ok: true }]);
    // has_role would let anyone probe who the admins are.
    expect(
      await sqlState(as(db.pool, user.ctx, `select "private"."has_role"($1, 'admin')`, [admin.id])),
    ).toBe('42501');
  });

  it('keeps every helper security definer with an empty search_path', async () => {
    const { rows } = await db.pool.query<{
      name: string;
      definer: boolean;
      config: string[] | null;
    }>(
      `select p."proname" as "name", p."prosecdef" as "definer", p."proconfig" as "config"
         from "pg_catalog"."pg_proc" p join "pg_catalog"."pg_namespace" n on n."oid" = p."pronamespace"
        where n."nspname" = 'private' and p."prorettype" <> 'trigger'::regtype order by 1`,
    );
    expect(rows.map((row) => row.name)).toEqual([
      'admin_mfa_satisfied',
      'beacon_round_for',
      'commit_draw_days',
      'derive_beacon_prize',
      'derive_prize',
      'draw_hour',
      'draw_moment',
      'draw_stats_monthly_refresh',
      'has_role',
      'is_admin',
      'is_published',
      'lock_draw_days',
      'lottery_timezone',
      'require_admin_mfa',
      'run_due_draws',
    ]);
    for (const row of rows) expect([row.definer, row.config]).toEqual([true, ['search_path=""']]);
  });

  it("is not exposed by the API: anon executes only the visitors' RPCs in public", async () => {
    const { rows } = await db.pool.query(
      `select n."nspname" || '.' || p."proname" as "name"
         from "pg_catalog"."pg_proc" p join "pg_catalog"."pg_namespace" n on n."oid" = p."pronamespace"
        where n."nspname" in ('public', 'private')
          and has_function_privilege('anon', p."oid", 'execute')
        order by 1`,
    );
    // Both are SECURITY INVOKER: row-level security still decides what they read.
    expect(rows.map((row) => row.name)).toEqual(['public.check_number', 'public.draw_stats']);
  });

  it('is callable by the service role', async () => {
    const { rows } = await as(
      db.pool,
      serviceRole,
      `select "private"."has_role"($1, 'admin') as "ok"`,
      [admin.id],
    );
    expect(rows).toEqual([{ ok: true }]);
  });
});
